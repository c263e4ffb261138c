/**
 * Demo personas of the reference server (ARCHITECTURE.md 'Sessions and demo personas'; docs/API.md).
 * Each is a user the /login page can sign in as, with the user info, account mode, cross-margin info, site-data
 * flags, compliance additions and business list the SPEC §6 rules need to be exercised. Pure data.
 */
import { DEMO_PERSONAS, type DemoPersona } from '../common/domain/personas.ts';
import type { CommonSiteData } from '../common/wire/site.ts';
import type { AccountMode, CrossMarginInfo, UserInfo } from '../common/wire/user.ts';

/** Persona names: `data-persona` of the login buttons (one list, shared with the /login page). */
export const PERSONA_NAMES = DEMO_PERSONAS;
export type PersonaName = DemoPersona;

/** True for a known persona name (an own entry of the list: `constructor` or `__proto__` never is one). */
export function isPersonaName(v: unknown): v is PersonaName {
  return typeof v === 'string' && (PERSONA_NAMES as readonly string[]).includes(v);
}

/** Everything a persona changes. */
export interface Persona {
  name: PersonaName;
  user: Omit<UserInfo, 'is_login' | 'isLogin'>;
  accountMode: AccountMode;
  crossMargin: CrossMarginInfo;
  /** Common-site-data flags (SPEC §3) set for this user. */
  flags: Partial<
    Pick<CommonSiteData, 'isUKLimit' | 'isItalyLimit' | 'isWithdrawOnlyUser' | 'limitCountryUserStatus'>
  >;
  /** Compliance keys added to the site's list for this user. */
  compliance: string[];
  business: string[];
}

const CLASSIC: AccountMode = {
  mode: 'classic',
  support_unified: true,
  first_open: true,
  auto_borrow: false,
  auto_repay: false,
  settings: { options: false, usdt_futures: false, spot_hedge: false, use_funding: false },
};

function user(uid: string, nickname: string, over: Partial<Persona['user']> = {}): Persona['user'] {
  return {
    uid,
    nickname,
    user_nick: nickname,
    user_avatar: '',
    tier_level: 0,
    tier_all_trade_usdt: '0.00',
    total_usd: '0.00',
    tier_next_progress: 0,
    tier_next_usdt: '50000.00',
    tier_next_fiat: '50000.00',
    curr_fiat: 'USD',
    tier_next_gt_min: '0',
    tier_next_gt_only: '0',
    tier_next_asset_only_usd: '0',
    verified: '1',
    safe_level: 3,
    is_sub: 0,
    is_sub_account: false,
    white_list_show: true,
    ...over,
  };
}

function persona(name: PersonaName, p: Partial<Omit<Persona, 'name'>> & Pick<Persona, 'user'>): Persona {
  return {
    name,
    accountMode: CLASSIC,
    crossMargin: { userTier: 0, userSpotBalance: '0', crossMarginUid: 0 },
    flags: {},
    compliance: [],
    business: ['spot', 'futures'],
    ...p,
  };
}

/** The personas. */
export const PERSONAS: Readonly<Record<PersonaName, Persona>> = {
  vip: persona('vip', {
    user: user('10086001', 'Satoshi V.', {
      tier_level: 3,
      tier_all_trade_usdt: '8421337.52',
      total_usd: '128430.17',
      tier_next_progress: 62,
      tier_next_usdt: '3200000.00',
      tier_next_fiat: '3200000.00',
      tier_next_gt_min: '500',
      verified: '4',
      safe_level: 3,
    }),
    crossMargin: { userTier: 1, userSpotBalance: '128430.17', crossMarginUid: 0 },
  }),
  unverified: persona('unverified', {
    user: user('10086002', 'newcomer_88', { verified: '0', safe_level: 1, white_list_show: false }),
  }),
  sub: persona('sub', {
    user: user('10086003', 'desk-sub-01', {
      is_sub: 1,
      is_sub_account: true,
      tier_level: 1,
      tier_next_progress: 20,
    }),
    business: ['spot', 'futures', 'button_pilot_account'],
  }),
  unified: persona('unified', {
    user: user('10086004', 'Ada Unified', { tier_level: 2, tier_next_progress: 45, total_usd: '24018.90' }),
    accountMode: {
      mode: 'multi_currency',
      support_unified: true,
      first_open: false,
      auto_borrow: true,
      auto_repay: true,
      settings: { options: true, usdt_futures: true, spot_hedge: false, use_funding: true },
    },
  }),
  portfolio: persona('portfolio', {
    user: user('10086005', 'PM Desk', { tier_level: 5, tier_next_progress: 80, total_usd: '2450000.00' }),
    accountMode: {
      mode: 'portfolio',
      support_unified: true,
      first_open: false,
      auto_borrow: true,
      auto_repay: true,
      settings: { options: true, usdt_futures: true, spot_hedge: true, use_funding: true },
    },
    crossMargin: { userTier: 3, userSpotBalance: '2450000.00', crossMarginUid: 7730021 },
  }),
  italy: persona('italy', {
    user: user('10086006', 'Giulia R.', { tier_level: 1, tier_next_progress: 10 }),
    flags: { isItalyLimit: true, limitCountryUserStatus: 1 },
  }),
  uk: persona('uk', {
    user: user('10086007', 'Oliver P.', { tier_level: 1, tier_next_progress: 35 }),
    flags: { isUKLimit: true, limitCountryUserStatus: 2 },
  }),
  'withdraw-only': persona('withdraw-only', {
    user: user('10086008', 'closing-account', { safe_level: 2 }),
    flags: { isWithdrawOnlyUser: true },
    compliance: ['deposit', 'fiat_trade'],
  }),
};

/** The personas by name, for lookups keyed by stored or request values (a Map: no inherited entries). */
export const PERSONAS_BY_NAME: ReadonlyMap<string, Persona> = new Map(
  Object.values(PERSONAS).map((p) => [p.name, p]),
);
