/**
 * Regulatory texts of the footer (SPEC §8): one `data-testid="footer-disclaimer"` paragraph per notice with its
 * `data-kind` (footer/notices.ts). The restricted-location text is the settings catalogue's (the same sentence as
 * the dismissible bar under the header), kept here permanently as the legal footer line.
 */
import { useTranslation } from '../i18n/react.tsx';
import { withLangPrefix } from '../../common/domain/route.ts';
import type { FooterNotice } from './notices.ts';

/** The notices, in order; nothing when the list is empty. */
export function Disclaimers({
  notices,
  langPrefix,
}: {
  notices: readonly FooterNotice[];
  langPrefix: string;
}) {
  const { t } = useTranslation(['footer', 'settings']);
  if (notices.length === 0) return null;
  return (
    <div className="footer-disclaimers">
      {notices.map((kind) =>
        kind === 'restricted' ? (
          <p key={kind} className="footer-disclaimer" data-testid="footer-disclaimer" data-kind={kind}>
            {t('settings:notice.restricted')}{' '}
            <a href={withLangPrefix(langPrefix, '/user-agreement')}>{t('settings:notice.agreement')}</a>
          </p>
        ) : (
          <p
            key={kind}
            className={`footer-disclaimer${kind === 'uk-promotion' ? ' footer-disclaimer-strong' : ''}`}
            data-testid="footer-disclaimer"
            data-kind={kind}
          >
            <strong>{t(`notice.${kind}.title`)}</strong> {t(`notice.${kind}.text`)}
          </p>
        ),
      )}
    </div>
  );
}
