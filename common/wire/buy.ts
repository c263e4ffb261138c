/**
 * Buy-crypto wire shapes (SPEC §3 'Buy-crypto fiat setting', 'Currency option (pay-with)'; SPEC §7
 * GET BUY_API.fiatSetting → `{code: 200, data: [{fiat, credit_card, bank_transfer, p2p}]}`). Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

/** One fiat's pay-with methods. `fiat` is an upper-case ISO 4217 code. */
export const FiatSetting = z.object({
  fiat: z.string().check(z.regex(/^[A-Z]{3}$/)),
  credit_card: z.boolean(),
  bank_transfer: z.boolean(),
  p2p: z.boolean(),
});
export type FiatSetting = z.infer<typeof FiatSetting>;

/** The setting list (SPEC §5 cache validity: a non-empty array). */
export const FiatSettingList = z.array(FiatSetting).check(z.minLength(1));
export type FiatSettingList = z.infer<typeof FiatSettingList>;

/** SPEC §3: the pay-with fallback — USD with every method. */
export const PAY_WITH_FALLBACK: readonly FiatSetting[] = Object.freeze([
  Object.freeze({ fiat: 'USD', credit_card: true, bank_transfer: true, p2p: true }),
]);
