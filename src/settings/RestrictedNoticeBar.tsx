/**
 * The restricted-notice bar (loaded by ./RestrictedNotice.tsx where the notice shows). SPEC §8 restricted-location
 * notice for German, French and Spanish pages: a dismissible bar below the header
 * saying the page is not intended for residents and citizens of the jurisdictions listed in the User Agreement.
 * Dismissal lasts for the browser session (session cookie `restricted_notice_closed`, which the server render reads
 * too), so it returns on a new visit.
 */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import { closeRestrictedNotice, siteState } from '../state/site.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { useScoped } from '../state/page-scope.tsx';

/** The notice bar (`data-testid="restricted-notice"`). */
export default function RestrictedNoticeBar() {
  const { t } = useTranslation('settings');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  const dismiss = closeRestrictedNotice;
  return (
    <div className="restricted-notice" role="note" data-testid="restricted-notice">
      <svg className="restricted-notice-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.2M8 11.2v.1" stroke="var(--bg)" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <p className="restricted-notice-text">
        {t('notice.restricted')}{' '}
        <a href={withLangPrefix(langPrefix, '/user-agreement')}>{t('notice.agreement')}</a>
      </p>
      <button type="button" className="icon-button" aria-label={t('notice.dismiss')} onClick={dismiss}>
        <MenuIcon name="close" size={16} />
      </button>
    </div>
  );
}
