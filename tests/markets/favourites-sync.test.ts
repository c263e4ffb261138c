// The page's side of the favourites (src/markets/favourites-sync.ts; SPEC §4, §8): the engine hears the shown account
// at every change of the session, nothing while it loads or logs out, and a failed get_info removes nothing. The
// server calls are the engine's (tests/engine/favourites-sync.test.ts).
import { describe, expect, it } from 'vitest';
import { startFavouritesSync } from '../../src/markets/favourites-sync.ts';
import type { SessionState } from '../../src/state/session.ts';
import type { UserInfo } from '../../common/wire/user.ts';

function setup() {
  const session = { status: 'loading', user: null, loggingOut: false } as unknown as SessionState;
  let listener = () => {};
  const calls: string[] = [];
  const sync = startFavouritesSync(
    { favouritesAccount: async (uid, signedOut) => void calls.push(`account ${uid} ${signedOut}`) },
    { session, watch: (_s, l) => ((listener = l), () => {}) },
  );
  const change = (next: Partial<SessionState>) => {
    Object.assign(session, next);
    listener();
    return sync.idle();
  };
  return { sync, calls, change };
}

const user = { uid: '42', is_login: true } as unknown as UserInfo;

describe('favourites sync (page)', () => {
  it('anonymous: once the session answered, the anonymous list with account lists removed', async () => {
    const t = setup();
    await t.sync.idle();
    expect(t.calls).toEqual([]); // still loading: nothing decided
    await t.change({ status: 'ready', user: null });
    expect(t.calls).toEqual(['account null true']);
  });

  it('a failed get_info is anonymous for display but removes nothing (SPEC §8)', async () => {
    const t = setup();
    await t.change({ status: 'error', user: null });
    expect(t.calls).toEqual(['account null false']);
  });

  it('sign-in tells the engine the account once; a logout in progress changes nothing until it ends', async () => {
    const t = setup();
    await t.change({ status: 'ready', user });
    await t.change({ status: 'ready', user });
    expect(t.calls).toEqual(['account 42 false']);
    await t.change({ loggingOut: true, user: null });
    expect(t.calls).toEqual(['account 42 false']);
    await t.change({ loggingOut: false });
    expect(t.calls).toEqual(['account 42 false', 'account null true']);
  });
});
