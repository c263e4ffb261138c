/**
 * The wallet dropdown's content (SPEC §2 'Funds', §6): estimated balance, deposit / withdraw / send actions, and the
 * fund accounts the policy shows. Its own chunk, loaded on the first intent on the trigger (src/account/WalletMenu.tsx).
 */
import { preloadFundDrawer } from './FundDrawer.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { CompactMenuList } from '../menus/MenuEntry.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { intlLocale } from '../../common/domain/locales.ts';
import { FUNDS_ACTIONS, FUNDS_MENU } from '../menus/account.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import { sessionState } from '../state/session.ts';
import { siteState } from '../state/site.ts';
import { PopoverClose } from '../ui/HoverPopover.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { useScoped } from '../state/page-scope.tsx';

/** Formats a USD amount string for the locale ('' or junk → 0). */
export function formatUsd(value: string, locale: string): string {
  const n = Number(value);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(
    Number.isFinite(n) ? n : 0,
  );
}

/** The dropdown under `policy`; `onDeposit` opens the fund-wallet drawer (absent when the policy hides it). */
export default function WalletMenuContent({
  policy,
  onDeposit,
}: {
  policy: HeaderPolicy;
  onDeposit?: () => void;
}) {
  const { t } = useTranslation('account');
  const { t: tn } = useTranslation('nav');
  const { user } = useSnapshot(useScoped(sessionState));
  const { locale } = useSnapshot(useScoped(siteState));
  const items = visibleItems(FUNDS_MENU.items, policy.decision);
  const actions = visibleItems(FUNDS_ACTIONS, policy.decision);
  return (
    <div className="account-menu wallet-menu">
      <div className="wallet-balance">
        <span className="wallet-balance-label">{t('estimatedBalance')}</span>
        <span className="wallet-balance-value" dir="ltr">
          {formatUsd(user?.total_usd ?? '0', intlLocale(locale))}
        </span>
      </div>
      <div className="wallet-actions">
        {onDeposit && (
          <PopoverClose asChild>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={onDeposit}
              onPointerEnter={preloadFundDrawer}
              onPointerDown={preloadFundDrawer}
              onFocus={preloadFundDrawer}
            >
              <MenuIcon name="deposit" size={16} />
              {t('deposit')}
            </button>
          </PopoverClose>
        )}
        {actions.map((a) => (
          <a
            key={a.key}
            className="btn btn-secondary btn-sm"
            href={a.link?.(policy.ctx)}
            data-testid={`menu-${a.key}`}
          >
            <MenuIcon name={a.icon} size={16} />
            {tn(a.titleKey)}
          </a>
        ))}
      </div>
      <CompactMenuList label={tn('funds.title')} items={items} ctx={policy.ctx} twoColumns />
    </div>
  );
}
