/**
 * The switch-account list of a persona (SPEC §1 'Switch Account'). Demo data: a main account lists itself and two
 * sub-accounts; a sub-account lists its main account and itself. Uids are derived from the persona's uid, so the
 * list is deterministic. Pure.
 */
import type { SwitchAccount } from '../common/wire/header.ts';
import type { Persona } from './personas.ts';

/** Sub-accounts a main account has in the demo. */
export const DEMO_SUB_ACCOUNTS = 2;

/** The accounts `persona` can switch between, the current one marked. */
export function switchAccountsFor(persona: Persona): SwitchAccount[] {
  const { uid, nickname } = persona.user;
  if (persona.user.is_sub === 1) {
    const mainUid = String(Number(uid) - 1000);
    return [
      { uid: mainUid, nickname: `${nickname.replace(/-sub-\d+$/, '')} (main)`, type: 'main', current: false },
      { uid, nickname, type: 'sub', current: true },
    ];
  }
  const subs: SwitchAccount[] = Array.from({ length: DEMO_SUB_ACCOUNTS }, (_, i) => ({
    uid: `${uid}${String(i + 1).padStart(2, '0')}`,
    nickname: `${nickname}-sub-${i + 1}`,
    type: 'sub',
    current: false,
  }));
  return [{ uid, nickname, type: 'main', current: true }, ...subs];
}
