/**
 * Where the footer's QR path comes from, so no QR symbol is ever computed while the page hydrates (SPEC §2
 * 'app-download QR code'; first-load main-thread work): the server draws it (./qr.ts, in the server bundle) and the
 * client reads the server's path back from the markup; only a client-rendered page (dev, `vite preview`, the SPEC §8
 * fallback shell) computes it, with ./qr.ts in a chunk of its own, when the box is near the viewport and the main
 * thread is idle.
 */
import type * as QrModule from './qr.ts';
import type { QrPath } from './qr.ts';
import { idle } from '../lib/yield.ts';
import { queryAllRoots } from '../lib/dom-root.ts';

let serverModule: typeof QrModule | null = null;
// The server bundle is one file: this resolves as it loads, long before the first request's render.
if (import.meta.env.SSR) void import('./qr.ts').then((m) => (serverModule = m));

const serverCache = new Map<string, QrPath>();

/** Server render: the path of `url` (cached per URL), or null when the module is not loaded yet. */
function serverQr(url: string): QrPath | null {
  if (!serverModule) return null;
  let qr = serverCache.get(url);
  if (!qr) {
    qr = serverModule.qrPath(url);
    serverCache.set(url, qr);
  }
  return qr;
}

/**
 * Hydrating client: the server-drawn path for `url` in the page or an embedded footer's shadow root
 * (`svg[data-qr-text]`), or null when there is none.
 */
function markupQr(url: string): Pick<QrPath, 'size' | 'd'> | null {
  for (const svg of queryAllRoots<SVGSVGElement>('svg.footer-qr-code[data-qr-text]')) {
    if (svg.dataset.qrText !== url) continue;
    const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    const d = svg.querySelector('path')?.getAttribute('d');
    if (Number.isInteger(size) && size > 0 && d) return { size, d };
  }
  return null;
}

/**
 * The QR path of `url` available without computing it on the client: the server's own on the server, the
 * server-drawn markup's on a hydrating client; null when it has to be computed (`computeQr`). Never throws.
 */
export function initialQr(url: string): Pick<QrPath, 'size' | 'd'> | null {
  try {
    return typeof document === 'undefined' ? serverQr(url) : markupQr(url);
  } catch (err) {
    console.warn('[footer] QR code not drawn', err);
    return null;
  }
}

/**
 * Computes the path of `url` on the client: loads ./qr.ts (its own chunk, with the qrcode library), then draws in an
 * idle slice. Rejects when the chunk fails to load or the text is too long for a QR symbol.
 */
export async function computeQr(url: string): Promise<QrPath> {
  const { qrPath } = await import('./qr.ts');
  await idle(1000);
  return qrPath(url);
}
