// Layout: a test lives under tests/ at its source's folder without the src/ prefix (src/markets/x.ts →
// tests/markets/x.test.ts; common/ → tests/common, server/ → tests/server); workers/market/ → tests/engine, and
// tests/worker runs the worker entry itself. Shared data in tests/fixtures.
// Global test setup: an in-memory IndexedDB for idb-keyval (worker and engine tests).
import 'fake-indexeddb/auto';

// The reference server's durable local store (favourites, DATA_DIR) in a fresh folder per test worker: never the
// project's own .data, and no list left over from an earlier run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'mh-data-'));
