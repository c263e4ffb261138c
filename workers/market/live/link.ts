/**
 * The live ticker connection of a browser profile (SPEC §7, §9 refresh; ARCHITECTURE.md 'Live lists'): one WebSocket
 * per profile, not per tab. The tabs' engines elect a leader with a Web Lock held for the engine's life
 * (`navigator.locks.request`); the leader alone opens the socket, subscribes to the union of the lists the tabs want,
 * and relays every message over BroadcastChannel while another tab is there to hear it (each tab says what it wants as
 * it starts, at every change and every ANNOUNCE_MS; a lone tab relays nothing). A tab closing releases its lock at
 * once, so a waiting tab takes over within a moment (it says `hello`; the others repeat their wants). Where Web Locks
 * is missing, every tab is its own leader and connects on its own (no relay). The socket reconnects with capped
 * exponential backoff and jitter (backoff.ts), at once when the page reports it is back online, and when nothing (not
 * even the heartbeat) arrived for 2.5 × LIVE_API.heartbeatMs. All I/O is passed in, so the whole cycle runs in node
 * tests.
 */
import {
  LIVE_API,
  LIVE_LISTS,
  LiveServerMessage,
  type LiveClientMessage,
  type LiveList,
} from '../../../common/wire/live.ts';
import { backoffDelay } from '../backoff.ts';
import type { ChannelLike, LockLike } from '../deps.ts';

/** The Web Lock the leader holds for its life. */
export const LEADER_LOCK = 'masthead-live-leader';
/** The BroadcastChannel of the live relay. */
export const LIVE_CHANNEL = 'masthead-live';
/** Longest reconnect delay, ms. */
export const RECONNECT_CAP_MS = 30_000;
/** How often a follower repeats its wants and the leader its link state, ms. */
export const ANNOUNCE_MS = 5_000;
/** A follower's wants expire after this long without a repeat (a tab that died without a word), ms. */
export const WANT_TTL_MS = 3 * ANNOUNCE_MS;

/** The part of WebSocket the link uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** The socket as this tab sees it (a follower sees the leader's). */
export type SocketState = 'open' | 'connecting' | 'down';

/** What the link needs. */
export interface LinkOptions {
  /** The socket URL (ws: or wss: on the page's origin), or null before the engine knows its origin. */
  url(): string | null;
  /** Opens a socket; may throw (then the attempt counts as failed). */
  openSocket(url: string): SocketLike;
  channel: ChannelLike | null;
  locks: LockLike | null;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
  /** This engine's id (channel messages of its own are ignored). */
  id: string;
  /** A tick batch arrived (from the socket, or relayed by the leader). */
  onTicks(message: Extract<LiveServerMessage, { type: 'ticks' }>): void;
  /** The server dropped ticks of `lists` for this socket (it read too slowly): refetch them over REST. */
  onResync(lists: LiveList[]): void;
  /** The socket state changed (this tab's, or the leader's as relayed). */
  onState(state: SocketState): void;
  /** This tab won the leader lock (at its start, or when the leader before it left); not called without locks. */
  onLead?(): void;
  log(message: string, detail?: unknown): void;
}

/** The link, as the engine drives it. */
export interface LiveLink {
  /** The lists this tab wants now ([] when no panel or search shows a live list, or the page is hidden). */
  want(lists: readonly LiveList[]): void;
  /** The page's `online` / `offline` events: back online reconnects at once; offline closes the socket. */
  setOnline(online: boolean): void;
  state(): SocketState;
  /** True while this tab holds the socket. */
  isLeader(): boolean;
  /** The leader: every list some tab wants (its own and the others' heard within WANT_TTL_MS); a follower: its own. */
  wanted(): LiveList[];
  /** Consecutive failed connection attempts (0 once open). */
  failures(): number;
  close(): void;
}

type Relay =
  | { t: 'want'; from: string; lists: LiveList[] }
  | { t: 'bye'; from: string }
  | { t: 'hello'; from: string }
  | { t: 'state'; from: string; state: SocketState }
  | { t: 'ticks'; from: string; message: Extract<LiveServerMessage, { type: 'ticks' }> }
  | { t: 'resync'; from: string; lists: LiveList[] };

const isList = (v: unknown): v is LiveList => (LIVE_LISTS as readonly unknown[]).includes(v);

/** Starts the link: campaigns for leadership at once (or leads alone without locks). */
export function createLiveLink(o: LinkOptions): LiveLink {
  let leader = false;
  let closed = false;
  let online = true;
  let mine: LiveList[] = [];
  const others = new Map<string, { lists: LiveList[]; at: number }>();
  let socket: SocketLike | null = null;
  let socketState: SocketState = 'down';
  let relayed: SocketState = 'down';
  let subscribed = new Set<LiveList>();
  let failed = 0;
  let lastHeard = 0;
  let reconnectTimer: unknown = null;
  let watchdog: unknown = null;
  let announceTimer: unknown = null;
  let release: (() => void) | null = null;

  const post = (m: Relay) => {
    try {
      o.channel?.postMessage(m);
    } catch {
      // a closed channel: the relay is best effort
    }
  };
  const setState = (s: SocketState) => {
    if (socketState === s) return;
    socketState = s;
    if (leader) {
      post({ t: 'state', from: o.id, state: s });
      o.onState(s);
    }
  };
  /** The other tabs heard from within WANT_TTL_MS (a tab that left said `bye`; silent ones' wants are dropped). */
  const heard = (): Map<string, { lists: LiveList[]; at: number }> => {
    const now = o.now();
    for (const [id, w] of others) if (now - w.at > WANT_TTL_MS) others.delete(id);
    return others;
  };
  /** Every list some tab wants (the leader's union). */
  const union = (): Set<LiveList> => {
    const all = new Set<LiveList>(mine);
    for (const w of heard().values()) w.lists.forEach((l) => all.add(l));
    return all;
  };
  const send = (m: LiveClientMessage) => {
    try {
      socket?.send(JSON.stringify(m));
    } catch (err) {
      o.log('live: send failed', err);
    }
  };
  /** Brings the socket's subscriptions to the union (one subscribe and one unsubscribe message at most). */
  const sync = () => {
    if (!leader) return;
    const want = union();
    if (want.size > 0 && socket === null && reconnectTimer === null && online) connect();
    if (socketState !== 'open') return;
    const add = [...want].filter((l) => !subscribed.has(l));
    const drop = [...subscribed].filter((l) => !want.has(l));
    if (add.length) send({ type: 'subscribe', lists: add });
    if (drop.length) send({ type: 'unsubscribe', lists: drop });
    subscribed = want;
  };
  const clearTimer = (h: unknown) => {
    if (h !== null) o.clearTimeout(h);
  };
  const dropSocket = () => {
    const s = socket;
    socket = null;
    subscribed = new Set();
    clearTimer(watchdog);
    watchdog = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close();
      } catch {
        // already closed
      }
    }
  };
  const scheduleReconnect = () => {
    if (closed || !leader || reconnectTimer !== null || !online) return;
    failed++;
    reconnectTimer = o.setTimeout(
      () => {
        reconnectTimer = null;
        if (union().size > 0) connect();
      },
      backoffDelay(failed, RECONNECT_CAP_MS, o.random),
    );
  };
  const lost = () => {
    dropSocket();
    setState('down');
    scheduleReconnect();
  };
  const armWatchdog = () => {
    clearTimer(watchdog);
    const limit = LIVE_API.heartbeatMs * 2.5;
    watchdog = o.setTimeout(() => {
      watchdog = null;
      if (o.now() - lastHeard >= limit) {
        o.log('live: no heartbeat; reconnecting');
        lost();
      } else armWatchdog();
    }, limit);
  };
  function connect(): void {
    const url = o.url();
    if (closed || !leader || !online || socket !== null || url === null) return;
    let s: SocketLike;
    try {
      s = o.openSocket(url);
    } catch (err) {
      o.log('live: cannot open the socket', err);
      setState('down');
      return scheduleReconnect();
    }
    socket = s;
    setState('connecting');
    s.onopen = () => {
      failed = 0;
      lastHeard = o.now();
      armWatchdog();
      setState('open');
      sync();
    };
    s.onmessage = (event) => {
      lastHeard = o.now();
      let parsed: ReturnType<typeof LiveServerMessage.safeParse>;
      try {
        parsed = LiveServerMessage.safeParse(JSON.parse(String(event.data)));
      } catch {
        return o.log('live: a message that is not JSON');
      }
      if (!parsed.success) return o.log('live: a message of unknown shape');
      const m = parsed.data;
      if (m.type === 'ticks') {
        o.onTicks(m);
        // Only while another tab is there to hear it: a lone tab serialises nothing for nobody.
        if (heard().size > 0) post({ t: 'ticks', from: o.id, message: m });
      } else if (m.type === 'resync') {
        o.log('live: ticks dropped by the server; refetching', m.lists);
        o.onResync(m.lists);
        if (heard().size > 0) post({ t: 'resync', from: o.id, lists: m.lists });
      }
    };
    s.onclose = s.onerror = () => {
      if (socket === s) lost();
    };
  }
  const announce = () => {
    if (closed) return;
    if (leader) post({ t: 'state', from: o.id, state: socketState });
    else post({ t: 'want', from: o.id, lists: mine });
    announceTimer = o.setTimeout(announce, ANNOUNCE_MS);
  };
  /** Takes the socket over (`quiet`: at construction, before anyone listens; the state is 'down' then anyway). */
  const lead = (quiet = false) => {
    leader = true;
    if (!quiet) o.onState(socketState);
    post({ t: 'hello', from: o.id });
    sync();
    if (!quiet) o.onLead?.();
  };

  if (o.channel) {
    o.channel.onmessage = (event: MessageEvent) => {
      const m = event.data as Relay;
      if (!m || typeof m !== 'object' || m.from === o.id) return;
      if (m.t === 'want' && leader) {
        others.set(m.from, { lists: (Array.isArray(m.lists) ? m.lists : []).filter(isList), at: o.now() });
        sync();
      } else if (m.t === 'bye' && leader) {
        others.delete(m.from);
        sync();
      } else if (m.t === 'hello' && !leader) post({ t: 'want', from: o.id, lists: mine });
      else if (m.t === 'state' && !leader && relayed !== m.state) {
        relayed = m.state;
        o.onState(m.state);
      } else if (m.t === 'ticks' && !leader) o.onTicks(m.message);
      else if (m.t === 'resync' && !leader)
        o.onResync((Array.isArray(m.lists) ? m.lists : []).filter(isList));
    };
  }
  if (o.locks && o.channel) {
    o.locks
      .request(LEADER_LOCK, () => {
        if (closed) return Promise.resolve();
        lead();
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch((err: unknown) => o.log('live: leader lock failed', err));
  } else lead(true);
  // Heard at once by a leader already there (which then relays to this tab), not only at its first want.
  if (!leader) post({ t: 'want', from: o.id, lists: mine });
  announceTimer = o.setTimeout(announce, ANNOUNCE_MS);

  return {
    want(lists) {
      mine = [...new Set(lists)].filter(isList);
      if (leader) sync();
      else post({ t: 'want', from: o.id, lists: mine });
    },
    setOnline(next) {
      online = next;
      if (!leader) return;
      if (!next) {
        clearTimer(reconnectTimer);
        reconnectTimer = null;
        dropSocket();
        return setState('down');
      }
      clearTimer(reconnectTimer);
      reconnectTimer = null;
      failed = 0;
      sync();
    },
    state: () => (leader ? socketState : relayed),
    isLeader: () => leader,
    wanted: () => (leader ? [...union()] : [...mine]),
    failures: () => failed,
    close() {
      if (closed) return;
      closed = true;
      post({ t: 'bye', from: o.id });
      clearTimer(reconnectTimer);
      clearTimer(announceTimer);
      dropSocket();
      leader = false;
      release?.();
      if (o.channel) {
        o.channel.onmessage = null;
        o.channel.close();
      }
    },
  };
}
