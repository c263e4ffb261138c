/**
 * The search modal's data hook (SPEC §5, §7; ARCHITECTURE.md 'Market engine'): every change of the term sends one
 * `searchAll` request with a rising id to the market engine; a reply older than the newest request is dropped here
 * (the engine skips superseded work too). The engine formats the rows (SPEC §4 fiat prices: the fiat asked here,
 * the engine's locale), so the modal formats nothing. The result is a status union (STYLE habit 4). An engine failure gives
 * empty sections with status `error` (SPEC §8) and a log line; it never throws.
 */
import { useEffect, useRef, useState } from 'react';
import type { ChangePeriod, FiatDisplay, SearchAllResult } from '../../workers/market/contract.ts';
import { getMarketEngine } from '../markets/engine-client.ts';
import { liveHub } from '../markets/live-hub.ts';
import { LIVE_LISTS } from '../../common/wire/live.ts';

/** While the modal is open and a list is live, its results are asked again this often, ms (ARCHITECTURE.md 'Live
 * lists': the results move too). */
export const SEARCH_LIVE_MS = 2_000;

/** Rows per list the modal asks for (the engine caps at 8 and at 10 KiB per reply). */
export const SEARCH_ROWS_PER_LIST = 5;

/** What the modal renders. */
export type SearchAllState =
  | { status: 'loading'; term: string; result: SearchAllResult | null }
  | { status: 'ready'; term: string; result: SearchAllResult }
  | { status: 'error'; term: string; result: null };

let nextId = 1;

/** What the last reply said, for which term and period. */
type Settled = { key: string; result: SearchAllResult | null; failed: boolean };

/** Runs `term` over every list; `period` picks the change column, `fiat` the price display (null: each row's own
 * price). Keeps the last result while the next loads; while
 * a list is live the same search runs again every SEARCH_LIVE_MS, so the shown prices move. */
export function useSearchAll(
  term: string,
  period: ChangePeriod,
  fiat: FiatDisplay | null,
  enabled = true,
): SearchAllState {
  const currency = fiat?.currency ?? '';
  const rate = fiat?.rate ?? 0;
  const key = `${period}\u0000${currency}\u0000${rate}\u0000${term}`;
  const [settled, setSettled] = useState<Settled>({ key: '', result: null, failed: false });
  const latest = useRef(0);
  // The open modal shows the live lists: they tick, and the results are re-asked while any of them is live.
  const [pulse, setPulse] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let alive = true;
    void getMarketEngine().then((engine) => {
      if (!alive) return;
      const hub = liveHub(engine);
      const release = hub.hold(LIVE_LISTS);
      const timer = window.setInterval(() => {
        if (document.visibilityState !== 'hidden' && LIVE_LISTS.some((k) => hub.state(k).state === 'live'))
          setPulse((n) => n + 1);
      }, SEARCH_LIVE_MS);
      stop = () => {
        release();
        window.clearInterval(timer);
      };
    });
    return () => {
      alive = false;
      stop?.();
    };
  }, [enabled]);
  useEffect(() => {
    if (!enabled) return;
    const id = nextId++;
    latest.current = id;
    getMarketEngine()
      .then((engine) =>
        engine.searchAll({
          id,
          term,
          limit: SEARCH_ROWS_PER_LIST,
          period,
          fiat: currency ? { currency, rate } : null,
        }),
      )
      .then((result) => {
        if (id !== latest.current || result.superseded) return;
        setSettled({ key, result, failed: false });
      })
      .catch((err: unknown) => {
        console.warn('[search] searchAll failed', err);
        if (id === latest.current) setSettled({ key, result: null, failed: true });
      });
  }, [key, term, period, currency, rate, enabled, pulse]);
  if (settled.key !== key) return { status: 'loading', term, result: settled.result };
  if (settled.failed || !settled.result) return { status: 'error', term, result: null };
  return { status: 'ready', term, result: settled.result };
}
