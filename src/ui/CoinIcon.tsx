/**
 * Coin icon: the server's icon URL, or a letter avatar when there is none or it fails to load (offline CDNs,
 * unknown coins). Decorative: the row's text names the coin.
 */
import { memo, useState } from 'react';

const PALETTE = ['#f7931a', '#627eea', '#26a17b', '#e84142', '#8247e5', '#2775ca', '#f3ba2f', '#00aae4'];

/** Stable colour for a symbol. */
function colourFor(symbol: string): string {
  let h = 0;
  for (let i = 0; i < symbol.length; i++) h = (h * 31 + symbol.charCodeAt(i)) | 0;
  return PALETTE[Math.abs(h) % PALETTE.length]!;
}

/** 24 px round icon. */
export const CoinIcon = memo(function CoinIcon({ src, symbol }: { src: string | null; symbol: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        className="coin-icon coin-icon-letter"
        style={{ background: colourFor(symbol) }}
        aria-hidden="true"
      >
        {symbol.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className="coin-icon"
      src={src}
      alt=""
      width={24}
      height={24}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
});
