/**
 * The no-script copy of a server-rendered page, the reference of the page-load measurements (`npm run lighthouse`,
 * scripts/hydration-timing.ts): the page at `url` with every script made inert (`inertScripts`: markup, inline CSS
 * and nearly all bytes kept, nothing run or fetched as script), served by scripts/page-copy.ts. So a load of it
 * shows what Chrome and the server's markup and CSS alone cost (its first contentful paint is the floor of paint)
 * on the same machine at the same moment.
 */
import { inertScripts } from './lighthouse-report.ts';
import { startPageCopy, type PageCopy } from './page-copy.ts';

/** A running no-script copy: its server and the URL of its page (`http://127.0.0.1:port/`). */
export type NoScriptCopy = PageCopy;

/** Serves the no-script copy of `url` on a free port of `host`; rejects when the page does not answer 2xx. */
export function startNoScriptCopy(url: string, host = '127.0.0.1'): Promise<NoScriptCopy> {
  return startPageCopy(url, inertScripts, {}, host);
}
