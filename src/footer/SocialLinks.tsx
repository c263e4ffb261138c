/** Footer social icons (SPEC §2; `data-testid="footer-social"`): external links that open in a new tab. */
import { useTranslation } from '../i18n/react.tsx';
import { SOCIAL_ACCOUNTS } from './social.ts';

/** The icon row. */
export function SocialLinks() {
  const { t } = useTranslation('footer');
  return (
    <ul className="footer-social" data-testid="footer-social" aria-label={t('social')}>
      {SOCIAL_ACCOUNTS.map((s) => (
        <li key={s.key}>
          <a
            className="footer-social-link"
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={s.label}
            data-social={s.key}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d={s.glyph} fill="currentColor" fillRule="evenodd" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
