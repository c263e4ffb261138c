/**
 * App-download block of the footer (SPEC §2, §6 rule `app-download-qr-global-only`): a scannable QR code of this
 * site's absolute /mobileapp URL and a link to the same page. `data-testid="footer-qr"`, `data-url` = the encoded URL.
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { mobileAppUrl } from './qr-url.ts';

/** The symbol (and the qrcode library): its own chunk, loaded once the footer has rendered. */
const QrCode = lazyOnIntent(() => import('./QrCode.tsx').then((m) => m.default), 'app QR code');

/** The QR card; `origin` defaults to the page's origin (the site store's, equal on the server and the client). */
export function AppQr({ langPrefix, origin }: { langPrefix: string; origin?: string }) {
  const { t } = useTranslation('footer');
  const page = useSnapshot(siteState);
  const url = mobileAppUrl(origin ?? page.origin, langPrefix);
  return (
    <div className="footer-qr" data-testid="footer-qr" data-url={url}>
      <QrCode
        url={url}
        label={t('app.qrLabel')}
        // Same box as the symbol: nothing moves when it arrives; a failed load leaves the blank box.
        fallback={() => <span className="footer-qr-code footer-qr-pending" aria-hidden="true" />}
      />
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
