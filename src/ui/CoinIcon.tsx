/**
 * Coin icon: the server's icon URL when the URL policy accepts it (same-origin path or an ICON_HOSTS https URL,
 * src/ui/icon-url.ts), or a letter avatar when there is none, it is refused, or it fails to load (offline CDNs,
 * unknown coins). Decorative: the row's text names the coin.
 */
import { memo, useState } from 'react';
import { coinIconSrc, letterColour, letterOf } from './icon-url.ts';

/**
 * 24 px round icon; `src` from data is checked here before it reaches `<img src>`. A new `src` updates the same
 * `<img>` in place (no remount, so callers need not key it by URL); a failure is remembered per URL.
 */
export const CoinIcon = memo(function CoinIcon({ src: raw, symbol }: { src: string | null; symbol: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = coinIconSrc(raw);
  if (!src || failedSrc === src) {
    return (
      <span
        className="coin-icon coin-icon-letter"
        style={{ background: letterColour(symbol) }}
        aria-hidden="true"
      >
        {letterOf(symbol)}
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
      onError={() => setFailedSrc(src)}
    />
  );
});
