/**
 * App-download block of the footer (SPEC §2, §6 rule `app-download-qr-global-only`): a scannable QR code of this
 * site's absolute /mobileapp URL and a link to the same page. `data-testid="footer-qr"`, `data-url` = the encoded URL.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { mobileAppUrl, qrPath } from './qr.ts';

/** The QR card; `origin` defaults to the page's origin (the site store's, equal on the server and the client). */
export function AppQr({ langPrefix, origin }: { langPrefix: string; origin?: string }) {
  const { t } = useTranslation('footer');
  const page = useSnapshot(siteState);
  const url = mobileAppUrl(origin ?? page.origin, langPrefix);
  const qr = useMemo(() => qrPath(url), [url]);
  return (
    <div className="footer-qr" data-testid="footer-qr" data-url={url}>
      <svg
        className="footer-qr-code"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width="104"
        height="104"
        role="img"
        aria-label={t('app.qrLabel')}
        shapeRendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <div className="footer-qr-text">
        <p className="footer-qr-title">{t('app.title')}</p>
        <p className="footer-qr-hint">{t('app.hint')}</p>
        <a className="footer-qr-link" href={withLangPrefix(langPrefix, '/mobileapp')}>
          {t('app.download')}
        </a>
      </div>
    </div>
  );
}
