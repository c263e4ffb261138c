/**
 * User and session calls' shapes (SPEC §3 'User info', account mode, cross-margin info; SPEC §7 logouts; the demo
 * login of the reference server), each declared once as a zod schema with its inferred type. The server produces
 * them; the main thread validates with the schemas, defaults for missing fields (SPEC §8). Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';
import { DEMO_PERSONAS } from '../domain/personas.ts';
import { flag, numeric, text, toFiniteNumber } from './lenient.ts';

const UserInfoFields = z.object({
  is_login: flag,
  isLogin: flag,
  uid: text(),
  nickname: text(),
  user_nick: text(),
  user_avatar: text(),
  tier_level: numeric(0),
  tier_all_trade_usdt: text(),
  total_usd: text('0'),
  /** Percent 0–100 (clamped). */
  tier_next_progress: numeric(0),
  tier_next_usdt: text(),
  tier_next_fiat: text(),
  curr_fiat: text(),
  tier_next_gt_min: text(),
  tier_next_gt_only: text(),
  tier_next_asset_only_usd: text(),
  /** '1' and '4' show the verified tick. */
  verified: text('0'),
  /** ≤ 1 shows the 'too weak' warning. */
  safe_level: numeric(0),
  /** 1 = sub-account; anything else reads 0. */
  is_sub: z.pipe(
    z.optional(z.unknown()),
    z.transform((v): 0 | 1 => (toFiniteNumber(v) === 1 ? 1 : 0)),
  ),
  is_sub_account: flag,
  white_list_show: flag,
});

/**
 * User info (SPEC §3), GET USER_API.userInfo. Anonymous: `is_login: false`, `is_sub: 0` (what parsing `{}` gives,
 * the SPEC §8 fallback). Either login flag signs in both; levels are whole, progress clamped to 0–100.
 */
export const UserInfo = z.pipe(
  UserInfoFields,
  z.transform((d) => {
    const login = d.is_login || d.isLogin;
    return {
      ...d,
      is_login: login,
      isLogin: login,
      tier_level: Math.max(0, Math.trunc(d.tier_level)),
      tier_all_trade_usdt: d.tier_all_trade_usdt || '0.00',
      tier_next_progress: Math.min(100, Math.max(0, d.tier_next_progress)),
      curr_fiat: d.curr_fiat || 'USD',
      is_sub_account: d.is_sub_account || d.is_sub === 1,
    };
  }),
);
export type UserInfo = z.infer<typeof UserInfo>;

/** The account modes (SPEC §3); an unknown mode reads as classic (SPEC §8). */
export const ACCOUNT_MODES = ['classic', 'single_currency', 'multi_currency', 'portfolio'] as const;

const AccountSettings = z.object({ options: flag, usdt_futures: flag, spot_hedge: flag, use_funding: flag });

/** Account mode (SPEC §3), GET USER_API.accountMode (signed in only). */
export const AccountMode = z.object({
  mode: z.catch(z.enum(ACCOUNT_MODES), 'classic'),
  support_unified: flag,
  /** Absent means the unified account was opened before (false). */
  first_open: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
  ),
  auto_borrow: flag,
  auto_repay: flag,
  settings: z.catch(AccountSettings, {
    options: false,
    usdt_futures: false,
    spot_hedge: false,
    use_funding: false,
  }),
});
export type AccountMode = z.infer<typeof AccountMode>;

/** Cross-margin info (SPEC §3), GET USER_API.crossMargin (signed in only). */
export const CrossMarginInfo = z.object({
  userTier: numeric(0),
  userSpotBalance: text('0'),
  crossMarginUid: numeric(0),
});
export type CrossMarginInfo = z.infer<typeof CrossMarginInfo>;

/** Demo login request (form-encoded), POST USER_API.demoLogin: a persona name and an optional account label. */
export const DemoLoginForm = z.object({
  persona: z.enum(DEMO_PERSONAS),
  account: z.optional(z.string().check(z.maxLength(64))),
});
export type DemoLoginForm = z.infer<typeof DemoLoginForm>;

/** Demo login answer: the persona signed in and its user id. */
export const DemoLoginResult = z.object({ persona: z.enum(DEMO_PERSONAS), uid: z.string() });
export type DemoLoginResult = z.infer<typeof DemoLoginResult>;

/** Logout of this device (SPEC §7), POST USER_API.logout, form-encoded. Answer data: null. */
export const LogoutForm = z.object({ scope: z.literal('device') });
export type LogoutForm = z.infer<typeof LogoutForm>;

/** Logout of every device (SPEC §7), GET USER_API.logoutAll: how many sessions ended. */
export const LogoutAllResult = z.object({ sessions: z.number() });
export type LogoutAllResult = z.infer<typeof LogoutAllResult>;
