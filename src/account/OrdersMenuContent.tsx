/**
 * The order dropdown's list (SPEC §2 'Orders', §4, §6): the order histories the policy shows; futures orders are
 * typed (usdt / btc) in unified mode with an open futures contract. Loaded on the first intent on the `nav-orders`
 * trigger (./OrdersMenu.tsx).
 */
import { useTranslation } from '../i18n/react.tsx';
import { CompactMenuList } from '../menus/MenuEntry.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { ORDERS_MENU } from '../menus/account.ts';
import { visibleItems } from '../policy/filter-menu.ts';

/** The menu's navigation list. */
export default function OrdersMenuContent({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('nav');
  const items = visibleItems(ORDERS_MENU.items, policy.decision);
  return (
    <CompactMenuList className="account-menu" label={t('orders.title')} items={items} ctx={policy.ctx} />
  );
}
