/**
 * The remaining header elements (SPEC §1, §2 'External', §7): the demo-trade badge, the testnet futures-demo link,
 * the live-trading link, the chat-room opener, the Telegram mini-app link, the switch-account flow and the CDN
 * check. Each shows only when the visibility policy says so (src/policy, SPEC §6); the links to other hosts use the
 * constants of common/domain/hosts.ts. Below 992 px the text links fold away (the side drawer carries the routes).
 */
import { useEffect } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { TELEGRAM_MINI_APP_URL, TESTNET_SITE_HOST } from '../../common/domain/hosts.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { siteState } from '../state/site.ts';
import { Icon } from '../ui/Icon.tsx';
import { chatRoomHref, openChatRoom } from './chat-room.ts';
import { scheduleCdnCheck } from './cdn-check-schedule.ts';
import { SwitchAccountLauncher } from './SwitchAccountLauncher.tsx';
import './extras.css';
import { useScoped } from '../state/page-scope.tsx';

/** The testnet's futures demo (SPEC §2 'External'). */
export const TESTNET_FUTURES_DEMO_URL = `https://${TESTNET_SITE_HOST}/futures/USDT/BTC_USDT`;

let cdnCheckScheduled = false;

/**
 * Schedules the CDN check once per page (StrictMode mounts twice), after hydration. Only the timer is here: the
 * check's code is fetched when it is due, 5 s later (SPEC §9; ./cdn-check-schedule.ts), and the report call's code
 * only when it fails, so none of it is part of the page load.
 */
function useCdnCheck(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || cdnCheckScheduled) return;
    cdnCheckScheduled = true;
    scheduleCdnCheck({
      fetch: (url, init) => fetch(url, init),
      report: (report) => import('../api/header-extras.ts').then((m) => m.postErrorReport(report)),
      random: Math.random,
      now: () => performance.now(),
      setTimeout: (cb, ms) => window.setTimeout(cb, ms),
      page: location.pathname,
    });
  }, [enabled]);
}

/** The extras, in header order. */
export function HeaderExtras({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('header');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  const { show } = policy;
  useCdnCheck(show('cdn-check'));
  const chat = chatRoomHref(langPrefix);
  return (
    <>
      {show('demo-trade') && (
        <span className="demo-badge" data-testid="demo-trade-badge" title={t('demoTradeTitle')}>
          {t('demoTrade')}
        </span>
      )}
      {show('testnet-futures-demo') && (
        <a className="extra-link hide-md" href={TESTNET_FUTURES_DEMO_URL} data-testid="nav-futures-demo">
          {t('futuresDemo')}
        </a>
      )}
      {show('live-link') && (
        <a className="extra-link hide-md" href={withLangPrefix(langPrefix, '/live')} data-testid="nav-live">
          <span className="live-dot" aria-hidden="true" />
          {t('live')}
        </a>
      )}
      {show('telegram-app') && (
        <a
          className="icon-button hide-md"
          href={TELEGRAM_MINI_APP_URL}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="nav-telegram"
          aria-label={t('telegram')}
          title={t('telegram')}
        >
          <Icon name="mobile" size={18} />
        </a>
      )}
      {show('chat-room') && (
        <a
          className="icon-button hide-sm"
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="nav-chat"
          aria-label={t('chatRoom')}
          title={t('chatRoom')}
          onClick={(e) => {
            if (openChatRoom(chat, (u, n, f) => window.open(u, n, f), screen)) e.preventDefault();
          }}
        >
          <Icon name="chat" size={18} />
        </a>
      )}
      {show('switch-script') && <SwitchAccountLauncher showButton={show('switch-account')} />}
    </>
  );
}
