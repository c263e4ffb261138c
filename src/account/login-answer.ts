/**
 * What the demo sign-in answer means (SPEC §8: an answer is trusted only after validation). The answer of
 * POST USER_API.demoLogin must be a `{code: 200, data}` envelope whose data parses with DemoLoginResult
 * (common/wire/user.ts) and names the persona that was asked for; an HTTP 200 alone is not a sign-in.
 */
import type { HttpResult } from '../../common/http.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import { DemoLoginResult } from '../../common/wire/user.ts';
import type { DemoPersona } from '../../common/domain/personas.ts';

/**
 * `signed-in`: go home; `rate-limited`: HTTP 429 (too many sign-ins from this client, retry later); `invalid`: a
 * 200 that is empty, not an envelope, not code 200, or of the wrong shape or persona; `failed`: network error,
 * time-out or another HTTP error. Each non-success outcome has its `loginPage.*` message in the account catalogue.
 */
export type LoginOutcome = 'signed-in' | 'rate-limited' | 'invalid' | 'failed';

/** Classifies the answer to a sign-in as `persona`. Pure, never throws. */
export function loginOutcome(res: HttpResult, persona: DemoPersona): LoginOutcome {
  if (!res.ok) {
    if (res.status === 429) return 'rate-limited';
    return res.reason === 'parse' ? 'invalid' : 'failed';
  }
  const data = parseEnvelope(res.body, DemoLoginResult);
  return data !== null && data.persona === persona ? 'signed-in' : 'invalid';
}
