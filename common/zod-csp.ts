/**
 * Runs zod without its JIT (DESIGN 'Security at the edges'; docs/SECURITY.md 'V3.4'). zod 4 compiles object parsers
 * with `new Function` when it can, and probes for that with `Function('')` — under the site's Content-Security-Policy
 * (no 'unsafe-eval') the probe is refused and reported as a violation. Import this module first in every realm's
 * entry (src/main.tsx, workers/market/market.worker.ts), before any schema is built: the JIT flag is read when an
 * object schema is constructed. Parsing results are the same; only the compiled fast path is off.
 */
import { config } from 'zod/mini';

config({ jitless: true });
