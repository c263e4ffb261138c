/**
 * Where a trader's favourite pairs are kept (SPEC §4 favourites; docs/API.md 'Favourites'; ARCHITECTURE.md 'Shared
 * state'): one list per user (the session's `userKey`), never evicted and surviving a restart, in either mode.
 *
 * - SqliteFavourites (default): a SQLite file under DATA_DIR through better-sqlite3 (WAL, synchronous FULL: a
 *   stored list survives a crash of the process or the machine). Opened on first use.
 * - RedisFavourites (`REDIS_URL`): one string key per user, `<prefix>fav:<userKey>`, no expiry; durable as far as the
 *   Redis server persists (docs/SETTINGS.md: run it with `appendonly yes`).
 *
 * Both store the list as the JSON the route validated (server/favourites.ts caps it at MAX_FAVOURITES entries and
 * MAX_FAVOURITES_BYTES). A Redis outage throws StoreUnavailableError (503 for the caller).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod/mini';
import { FavouriteWire } from '../../common/wire/favourites.ts';
import type { Awaitable } from '../sessions.ts';
import type { RedisLink } from './redis-link.ts';

/** What every favourites store does (tests/server/stores/favourites.contract.test.ts). */
export interface FavouritesBackend {
  /** The user's entries as last stored ([] when none). */
  get(userKey: string): Awaitable<FavouriteWire[]>;
  /** Replaces the user's entries. */
  set(userKey: string, entries: FavouriteWire[]): Awaitable<void>;
}

/** Name of the SQLite file under DATA_DIR. */
export const FAVOURITES_DB_FILE = 'favourites.sqlite3';

const StoredList = z.array(FavouriteWire);

/** Parses a stored list; a damaged one reads as [] (logged) rather than failing every request of that user. */
function parseStored(userKey: string, text: string | null | undefined): FavouriteWire[] {
  if (!text) return [];
  try {
    return StoredList.parse(JSON.parse(text));
  } catch (err) {
    console.error('[favourites] unreadable stored list; serving none', userKey, (err as Error).message);
    return [];
  }
}

/** Favourites in a SQLite file (`dataDir`/FAVOURITES_DB_FILE, or `:memory:` for tests). Opened on first use. */
export class SqliteFavourites implements FavouritesBackend {
  private db: Database.Database | undefined;
  private readStmt: Database.Statement<[string], { entries: string }> | undefined;
  private writeStmt: Database.Statement<[string, string, number]> | undefined;

  /** `where`: a folder (created if missing) or ':memory:'. */
  constructor(private readonly where: string) {}

  private open(): void {
    if (this.db) return;
    let file = ':memory:';
    if (this.where !== ':memory:') {
      mkdirSync(this.where, { recursive: true });
      file = resolve(this.where, FAVOURITES_DB_FILE);
    }
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(
      'CREATE TABLE IF NOT EXISTS favourites (user_key TEXT PRIMARY KEY, entries TEXT NOT NULL, updated_at INTEGER NOT NULL)',
    );
    this.readStmt = db.prepare('SELECT entries FROM favourites WHERE user_key = ?');
    this.writeStmt = db.prepare(
      'INSERT INTO favourites (user_key, entries, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_key) DO UPDATE SET entries = excluded.entries, updated_at = excluded.updated_at',
    );
    this.db = db;
  }

  get(userKey: string): FavouriteWire[] {
    this.open();
    return parseStored(userKey, this.readStmt!.get(userKey)?.entries);
  }

  set(userKey: string, entries: FavouriteWire[]): void {
    this.open();
    this.writeStmt!.run(userKey, JSON.stringify(entries), Date.now());
  }

  /** Closes the file (the next call opens it again). */
  close(): void {
    this.db?.close();
    this.db = undefined;
  }
}

/** Favourites in Redis, one key per user. */
export class RedisFavourites implements FavouritesBackend {
  constructor(private readonly redis: RedisLink) {}

  private key(userKey: string): string {
    return `${this.redis.prefix}fav:${userKey}`;
  }

  async get(userKey: string): Promise<FavouriteWire[]> {
    const text = await this.redis.run('favourites', (c) => c.get(this.key(userKey)));
    return parseStored(userKey, text);
  }

  async set(userKey: string, entries: FavouriteWire[]): Promise<void> {
    await this.redis.run('favourites', (c) => c.set(this.key(userKey), JSON.stringify(entries)));
  }
}
