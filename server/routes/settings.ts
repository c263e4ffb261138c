/** Settings routes (issue 5): fiat market rates. Placeholder until that issue lands. */
import { Hono } from 'hono';
import type { MarketData } from '../market-data.ts';

/** Returns the settings sub-app. */
export function settingsRoutes(_data: MarketData): Hono {
  return new Hono();
}
