/**
 * Main-thread calls of the header extras (SPEC §1 switch account, §7 CDN check) through the one API edge. Failures
 * are swallowed (SPEC §8): the account list falls back to FALLBACKS.switchAccounts, a failed report is only logged.
 */
import { HEADER_API } from '../../common/wire/endpoints.ts';
import type { ErrorReport, SwitchAccounts } from '../../common/wire/header.ts';
import { apiGet, apiPostJson } from './client.ts';
import { FALLBACKS } from './fallbacks.ts';
import { headerWire, withWire } from './wire.ts';

/** The signed-in user's accounts; `{ok: false}` with the empty fallback on any failure. Never throws. */
export async function fetchSwitchAccounts(): Promise<{ ok: boolean; data: SwitchAccounts }> {
  const failed = { ok: false, data: FALLBACKS.switchAccounts };
  return withWire(headerWire, apiGet(HEADER_API.switchAccounts), failed, 'switch accounts', (res, w) => {
    const data = w.dataOr(res, w.SwitchAccounts, null, 'switch accounts');
    return data ? { ok: true, data } : failed;
  });
}

/** Posts an error report; resolves true when the service accepted it. Never throws. */
export async function postErrorReport(report: ErrorReport): Promise<boolean> {
  return (await apiPostJson(HEADER_API.errorReport, report)).ok;
}
