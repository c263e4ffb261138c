// @vitest-environment node
// The worker fault matrix's warm half (tests/worker/fault-matrix-cases.ts; one file per temperature so they run in parallel).
import { defineFaultMatrix } from './fault-matrix-cases.ts';

defineFaultMatrix(['warm']);
