/**
 * The messages dropdown's content (SPEC §2 'Messages dropdown', §9 352 px wide, list 313 px high): a heading with
 * the settings link (/reminder/config), three WAI-ARIA tabs (Radix Tabs: Platform, Trade, Markets) each with its
 * list, and a 'View all' link to /reminder. Tab changes are reported so the owner loads that tab once (SPEC §4).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { NOTICE_TABS, type NoticeTab } from '../../common/domain/notice-types.ts';
import { localeDirection } from '../../common/domain/locales.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { MessageList } from './MessageList.tsx';
import './messages.css';
import { useScoped } from '../state/page-scope.tsx';

export interface MessagesPanelProps {
  tab: NoticeTab;
  onTabChange: (tab: NoticeTab) => void;
  /** Id of the heading that names the dropdown. */
  headingId: string;
}

const isTab = (v: string): v is NoticeTab => (NOTICE_TABS as readonly string[]).includes(v);

/** Heading, tabs with lists, and footer link. */
export function MessagesPanel({ tab, onTabChange, headingId }: MessagesPanelProps) {
  const { t } = useTranslation('messages');
  const { langPrefix, locale } = useSnapshot(useScoped(siteState));
  return (
    <div className="messages-panel" data-testid="messages-panel">
      <div className="messages-head">
        <h2 id={headingId} className="messages-heading">
          {t('title')}
        </h2>
        <a
          className="icon-button"
          href={withLangPrefix(langPrefix, '/reminder/config')}
          data-testid="messages-settings"
          aria-label={t('settings')}
          title={t('settings')}
        >
          <MenuIcon name="sliders" size={18} />
        </a>
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(v) => isTab(v) && onTabChange(v)}
        // Radix defaults to ltr without a DirectionProvider: follow the locale (arrow keys and layout in Arabic).
        dir={localeDirection(locale)}
      >
        <Tabs.List className="messages-tabs" aria-label={t('tabs.label')}>
          {NOTICE_TABS.map((key) => (
            <Tabs.Trigger key={key} value={key} className="messages-tab" data-testid={`messages-tab-${key}`}>
              {t(`tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {NOTICE_TABS.map((key) => (
          <Tabs.Content key={key} value={key} className="messages-tab-panel">
            <MessageList tab={key} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <a className="messages-all" href={withLangPrefix(langPrefix, '/reminder')} data-testid="messages-all">
        {t('viewAll')}
      </a>
    </div>
  );
}
