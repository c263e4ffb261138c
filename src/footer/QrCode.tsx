/**
 * The app-download QR symbol of the footer (SPEC §2): an SVG of a precomputed path (./qr.ts), 104 × 104 px. Pure
 * markup, no QR library: the server draws the path, the hydrating client reuses the server's (./qr-source.ts).
 */
import type { QrPath } from './qr.ts';

/** The symbol of `qr` (`size` modules per side, `d` one square per dark module); `label` is its accessible name. */
export function QrCode({ qr, url, label }: { qr: Pick<QrPath, 'size' | 'd'>; url: string; label: string }) {
  return (
    <svg
      className="footer-qr-code"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width="104"
      height="104"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-text={url}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}
