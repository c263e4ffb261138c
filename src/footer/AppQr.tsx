/**
 * App-download block of the footer (SPEC §2, §6 rule `app-download-qr-global-only`): a scannable QR code of this
 * site's absolute /mobileapp URL and a link to the same page. `data-testid="footer-qr"`, `data-url` = the encoded URL.
 * The symbol is server-drawn and reused on hydration (./qr-source.ts); a client-rendered page draws it once its box
 * is near the viewport, in a box of the final size meanwhile (no layout shift).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import { onNearViewport } from '../lib/near-viewport.ts';
import { siteState } from '../state/site.ts';
import { QrCode } from './QrCode.tsx';
import { computeQr, initialQr } from './qr-source.ts';
import { mobileAppUrl } from './qr-url.ts';
import { useScoped } from '../state/page-scope.tsx';

type Qr = ReturnType<typeof initialQr>;

/** The QR path of `url`: the server's at once, else computed when `box` nears the viewport (null until then). */
function useQr(url: string, box: RefObject<HTMLElement | null>): Qr {
  const [drawn, setDrawn] = useState<{ url: string; qr: Qr }>(() => ({ url, qr: initialQr(url) }));
  const current = drawn.url === url ? drawn.qr : null;
  useEffect(() => {
    if (current) return;
    const el = box.current;
    let cancelled = false;
    const draw = () =>
      computeQr(url).then(
        (qr) => void (cancelled || setDrawn({ url, qr })),
        (err: unknown) => console.warn('[footer] QR code not drawn', err),
      );
    if (!el) {
      void draw();
      return () => void (cancelled = true);
    }
    const stopWatching = onNearViewport(el, 200, () => void draw());
    return () => {
      cancelled = true;
      stopWatching();
    };
  }, [url, current, box]);
  return current;
}

/** The QR card; `origin` defaults to the page's origin (the site store's, equal on the server and the client). */
export function AppQr({ langPrefix, origin }: { langPrefix: string; origin?: string }) {
  const { t } = useTranslation('footer');
  const page = useSnapshot(useScoped(siteState));
  const url = mobileAppUrl(origin ?? page.origin, langPrefix);
  const box = useRef<HTMLDivElement>(null);
  const qr = useQr(url, box);
  return (
    <div className="footer-qr" data-testid="footer-qr" data-url={url} ref={box}>
      {qr ? (
        <QrCode qr={qr} url={url} label={t('app.qrLabel')} />
      ) : (
        // Same box as the symbol: nothing moves when it arrives; a failed draw leaves the blank box.
        <span className="footer-qr-code footer-qr-pending" aria-hidden="true" />
      )}
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
