/**
 * Wire shapes of the header extras (SPEC §1 'Switch Account', §7 CDN check): the switch-account list and the
 * error report the CDN check posts. Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

/** One account the signed-in user can switch to. */
export const SwitchAccount = z.object({
  uid: z.string().check(z.regex(/^\d{1,20}$/)),
  nickname: z.string().check(z.maxLength(64)),
  /** `main` = the account owning the sub-accounts. */
  type: z.enum(['main', 'sub']),
  /** The account of this session. */
  current: z.boolean(),
});
export type SwitchAccount = z.infer<typeof SwitchAccount>;

/** GET HEADER_API.switchAccounts data. */
export const SwitchAccounts = z.object({ list: z.array(SwitchAccount) });
export type SwitchAccounts = z.infer<typeof SwitchAccounts>;

/** Longest message or URL an error report may carry, characters. */
export const ERROR_REPORT_MAX_CHARS = 500;

/** POST HEADER_API.errorReport body (JSON). */
export const ErrorReport = z.object({
  /** What failed, e.g. `cdn access error` (SPEC §7). */
  message: z.string().check(z.minLength(1), z.maxLength(ERROR_REPORT_MAX_CHARS)),
  /** Which check reported it. */
  source: z.enum(['cdn-check']),
  /** The resource that failed. */
  url: z.string().check(z.maxLength(ERROR_REPORT_MAX_CHARS)),
  /** Whether this report carries a trace (sampled at SPEC §9 0.1). */
  trace: z.boolean(),
  /** Why it failed (`timeout`, `http 503`, …), when known. */
  detail: z.optional(z.string().check(z.maxLength(ERROR_REPORT_MAX_CHARS))),
  /** The page path the report was sent from. */
  page: z.optional(z.string().check(z.maxLength(ERROR_REPORT_MAX_CHARS))),
});
export type ErrorReport = z.infer<typeof ErrorReport>;
