// Helpers of the upstream tests (server/upstream/; docs/API.md 'Market sources'): the snapshot, the fake's lists as
// served data, metric reads and a polling wait.
import { loadMarketData } from '../../../server/market-data.ts';
import { parseContracts } from '../../../server/market-data/futures.ts';
import type { RawRow } from '../../../server/market-data/read.ts';
import { rebuildMarketData } from '../../../server/market-data/rebuild.ts';
import { parseSpotTickers } from '../../../server/market-data/spot.ts';
import type { MarketData } from '../../../server/market-data/types.ts';
import type { Metrics } from '../../../server/metrics.ts';
import { TRANSCRIPTS } from '../../../scripts/fake-upstream.ts';

/** The bundled snapshot (loaded once). */
export const snapshot = loadMarketData();

/** The snapshot with the fake's REST lists (10 spot pairs, 3 USDT contracts) as the spot and futures lists. */
export function fakeLists(): MarketData {
  return rebuildMarketData(snapshot, {
    spot: parseSpotTickers(TRANSCRIPTS.rest.spotTickers as RawRow[], 'fake'),
    contracts: parseContracts(TRANSCRIPTS.rest.futuresContracts as RawRow[], 'fake'),
  });
}

/** The value of metric `name` summed over the series whose labels include `labels`. */
export async function metric(
  metrics: Metrics,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const m = metrics.registry.getSingleMetric(name);
  if (!m) return 0;
  const { values } = await m.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Resolves once `check` returns true (polled every 20 ms); rejects after `timeoutMs` naming `what`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
