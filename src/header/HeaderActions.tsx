/**
 * Right side of the header (SPEC §2 'Header elements', §6): search, login/signup and the rewards card for visitors;
 * deposit, wallet, orders, personal centre and notifications for signed-in users; the Turkey-site link, app
 * download, and the display settings' language and settings menus (SPEC §4). Each control renders only when the
 * policy shows it.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { FundDrawer, preloadFundDrawer } from '../account/FundDrawer.tsx';
import { LoginButtons } from '../account/LoginButtons.tsx';
import { OrdersMenu } from '../account/OrdersMenu.tsx';
import { ProfileMenu } from '../account/ProfileMenu.tsx';
import { RewardsMenu } from '../account/RewardsMenu.tsx';
import { WalletMenu } from '../account/WalletMenu.tsx';
import { withLangPrefix } from '../../common/domain/route.ts';
import { LanguageMenu, SettingsMenu } from '../settings/index.ts';
import { SUB_SITE, subSiteHomeHref } from '../../common/domain/sub-sites.ts';
import { siteState } from '../state/site.ts';
import { Icon } from '../ui/Icon.tsx';
import { MessagesBell } from '../messages/MessagesBell.tsx';
import { SearchLauncher } from '../search/SearchLauncher.tsx';
import { HeaderExtras } from '../extras/HeaderExtras.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { useScoped } from '../state/page-scope.tsx';

/** Actions area. */
export function HeaderActions() {
  const { t } = useTranslation('account');
  const { langPrefix, host } = useSnapshot(useScoped(siteState));
  const policy = usePolicy();
  const { show } = policy;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const openDrawer = show('fund-drawer') ? () => setDrawerOpen(true) : undefined;

  return (
    <div className="header-actions">
      <HeaderExtras policy={policy} />
      {show('search') && <SearchLauncher />}
      {show('turkey-link') && (
        <a
          className="icon-button turkey-link"
          href={subSiteHomeHref(SUB_SITE.TURKEY, host)}
          data-testid="nav-turkey"
        >
          <Icon name="globe" size={18} />
          <span>{t('turkeySite')}</span>
        </a>
      )}
      <LoginButtons policy={policy} />
      {show('rewards') && <RewardsMenu />}
      {show('deposit') && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="btn-deposit"
          aria-label={t('deposit')}
          onClick={openDrawer}
          onPointerEnter={preloadFundDrawer}
          onPointerDown={preloadFundDrawer}
          onFocus={preloadFundDrawer}
        >
          <Icon name="deposit" size={16} />
          <span>{t('deposit')}</span>
        </button>
      )}
      {show('wallet-menu') && <WalletMenu policy={policy} onDeposit={openDrawer} />}
      {show('order-menu') && <OrdersMenu policy={policy} />}
      {show('personal-center') && <ProfileMenu policy={policy} />}
      {show('notification') && <MessagesBell />}
      {show('download') && (
        <a
          className="icon-button hide-sm"
          href={withLangPrefix(langPrefix, '/mobileapp')}
          data-testid="nav-download"
          aria-label={t('download')}
        >
          <Icon name="qr" size={20} />
        </a>
      )}
      {show('language') && <LanguageMenu />}
      {(show('setting') || show('theme') || show('exchange-rate')) && <SettingsMenu />}
      {show('fund-drawer') && <FundDrawer open={drawerOpen} onOpenChange={setDrawerOpen} ctx={policy.ctx} />}
    </div>
  );
}
