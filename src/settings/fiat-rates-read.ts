/**
 * The fiat-rates call (SPEC §7 `GET SITE_API.fiatRates` through the API edge src/api, §8 failures swallowed): a
 * chunk of its own with the API client, loaded by ./fiat-rates.ts with the first request, so the first load carries
 * the store but no client.
 */
import type { HttpResult } from '../../common/http.ts';
import { SITE_API } from '../../common/wire/endpoints.ts';
import type { FiatRates } from '../../common/wire/site.ts';
import { apiGet } from '../api/client.ts';
import { siteWire, withWire } from '../api/wire.ts';

/** The rates, or null when the call failed or answered invalid data (logged). `request` defaults to apiGet. */
export function readFiatRates(
  request: (url: string) => Promise<HttpResult> = apiGet,
): Promise<FiatRates | null> {
  return withWire(siteWire, request(SITE_API.fiatRates), null, 'fiat rates', (res, w) =>
    w.dataOr(res, w.FiatRates, null, 'fiat rates'),
  );
}
