/**
 * Search-term normalisation (SPEC §5: case-insensitive, on the trimmed term). Pure.
 */
import type { SearchProfile } from './profiles.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/g;

/**
 * Trims, lower-cases and strips control characters; a '/' becomes the profile's `slashAs` (pair lists read
 * `btc/usdt` as the pair id `btc_usdt`).
 */
export function normaliseTerm(raw: string, profile: SearchProfile): string {
  const t = raw.replace(CONTROL, '').trim().toLowerCase();
  return profile.slashAs === null ? t : t.replaceAll('/', profile.slashAs);
}
