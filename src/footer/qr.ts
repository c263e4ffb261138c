/**
 * The app-download QR code (SPEC §2 'app-download QR code', global site only): the symbol of an absolute
 * /mobileapp URL, made with the `qrcode` library and drawn as one SVG path (one `h1v1h-1z` square per dark module),
 * so it stays sharp, themable and needs no HTML string. Pure.
 */
import QRCode from 'qrcode';

/** Light modules around the symbol, in modules (the QR spec's quiet zone is 4). */
export const QR_QUIET_ZONE = 4;

/** A QR symbol as an SVG path: `size` modules per side including the quiet zone; `dark` counts dark modules. */
export interface QrPath {
  size: number;
  d: string;
  dark: number;
}

/** The SVG path of `text` at error-correction level M. Throws only for text too long for any QR version. */
export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  let dark = 0;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!modules.data[row * n + col]) continue;
      dark++;
      d += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: n + 2 * QR_QUIET_ZONE, d, dark };
}

export { mobileAppUrl } from './qr-url.ts';
