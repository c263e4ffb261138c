/**
 * Runs zod without its JIT (ARCHITECTURE.md 'Security at the edges'; docs/SECURITY.md 'V3.4'). zod 4 compiles object parsers
 * with `new Function` when it can, and probes for that with `Function('')` — under the site's Content-Security-Policy
 * (no 'unsafe-eval') the probe is refused and reported as a violation. Every schema module of
 * common/wire imports it first, and so does the worker's entry (workers/market/market.worker.ts), so it runs before
 * any schema is built however a chunk reaches them: the JIT flag is read when an
 * object schema is constructed. Parsing results are the same; only the compiled fast path is off.
 */
import { config } from 'zod/mini';

// Browsers and workers only (where the CSP applies); the reference server keeps zod's compiled parsers.
const g = globalThis as { document?: unknown; importScripts?: unknown };
if (g.document !== undefined || typeof g.importScripts === 'function') config({ jitless: true });
