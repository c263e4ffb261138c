// Global test setup: an in-memory IndexedDB for idb-keyval (worker and engine tests).
import 'fake-indexeddb/auto';
