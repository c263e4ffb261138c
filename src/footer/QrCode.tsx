/**
 * The app-download QR symbol of the footer (SPEC §2): an SVG of `url` drawn by ./qr.ts (the `qrcode` library),
 * 104 × 104 px. A chunk of its own, loaded after the first paint (./AppQr.tsx reserves its box meanwhile).
 */
import { useMemo } from 'react';
import { qrPath } from './qr.ts';

/** The symbol; `label` is its accessible name. */
export default function QrCode({ url, label }: { url: string; label: string }) {
  const qr = useMemo(() => qrPath(url), [url]);
  return (
    <svg
      className="footer-qr-code"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width="104"
      height="104"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}
