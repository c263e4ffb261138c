/** Site routes (issue 4): common site data, menu data, compliance. Placeholder until that issue lands. */
import { Hono } from 'hono';
import type { MarketData } from '../market-data.ts';

/** Returns the site sub-app. */
export function siteRoutes(_data: MarketData): Hono {
  return new Hono();
}
