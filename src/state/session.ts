/**
 * Session store (valtio): the signed-in user and what depends on them (SPEC §3 user info, account mode,
 * cross-margin info), plus the logging-out indicator (SPEC §4). Loaded by src/account/boot.ts; actions here.
 */
import { proxy } from 'valtio/vanilla';
import { browserCookies } from '../lib/cookies.ts';
import type { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';

/** `loading` until get_info answers; `ready` after (anonymous or not); `error` when it failed (treated anonymous). */
export type SessionStatus = 'loading' | 'ready' | 'error';

export interface SessionState {
  status: SessionStatus;
  /** null = anonymous (or not known yet). */
  user: UserInfo | null;
  /** null until loaded; SPEC §8 fallback: classic. */
  accountMode: AccountMode | null;
  crossMargin: CrossMarginInfo | null;
  /** A `pver` cookie was present at start: probably signed in, so the login buttons wait for get_info. */
  hasSessionHint: boolean;
  /** `is_switch_tag` cookie present (SPEC §1). */
  isSwitchTag: boolean;
  /** Logging out: show 'Logging out' (SPEC §4). */
  loggingOut: boolean;
}

function hasCookie(name: string): boolean {
  return browserCookies.get(name) !== undefined;
}

/** The store. */
export const sessionState = proxy<SessionState>({
  status: 'loading',
  user: null,
  accountMode: null,
  crossMargin: null,
  hasSessionHint: hasCookie('pver'),
  isSwitchTag: hasCookie('is_switch_tag'),
  loggingOut: false,
});

/** Stores the user info answer (null after a failure: anonymous, is_sub 0 — SPEC §8). */
export function setUser(user: UserInfo | null, failed = false): void {
  sessionState.user = user?.is_login ? user : null;
  sessionState.status = failed ? 'error' : 'ready';
}

/** Stores the account mode and cross-margin answers (already defaulted by the loader). */
export function setAccountData(mode: AccountMode, crossMargin: CrossMarginInfo | null): void {
  sessionState.accountMode = mode;
  sessionState.crossMargin = crossMargin;
}

/** Turns the 'Logging out' indicator on or off. */
export function setLoggingOut(on: boolean): void {
  sessionState.loggingOut = on;
}
