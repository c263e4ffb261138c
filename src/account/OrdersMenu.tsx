/**
 * Order dropdown (`nav-orders`, SPEC §2 'Orders', §4, §6): the order histories the policy shows; futures orders are
 * typed (usdt / btc) in unified mode with an open futures contract.
 */
import { useTranslation } from '../i18n/react.tsx';
import { MenuEntry } from '../menus/MenuEntry.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { ORDERS_MENU } from '../menus/account.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import { Chevron } from '../ui/Chevron.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';

/** The trigger and dropdown. */
export function OrdersMenu({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('nav');
  const items = visibleItems(ORDERS_MENU.items, policy.decision);
  return (
    <HoverPopover
      testId="nav-orders"
      align="end"
      triggerClassName="nav-trigger hide-sm"
      trigger={
        <>
          {t('orders.title')}
          <Chevron />
        </>
      }
    >
      <nav className="account-menu" aria-label={t('orders.title')}>
        <ul className="menu-list">
          {items.map((item) => (
            <li key={item.key}>
              <MenuEntry item={item} ctx={policy.ctx} compact />
            </li>
          ))}
        </ul>
      </nav>
    </HoverPopover>
  );
}
