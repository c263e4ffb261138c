// A test engine: the full engine contract (workers/market/contract.ts), each method a benign answer (no rows, no
// tabs, no favourites, listeners registered and removable) unless the test passes its own.
import type { MarketEngineApi } from '../../workers/market/contract.ts';

/** An engine whose methods are `own`'s where given, else benign: queries and searches reject (not used). */
export function fakeEngineOf(own: Partial<MarketEngineApi>): MarketEngineApi {
  const unused = (name: string) => () => Promise.reject(new Error(`fake engine: ${name} not used`));
  return {
    init: async () => {},
    tabs: async () => [],
    query: unused('query'),
    rows: async () => null,
    closeList: async () => {},
    searchAll: unused('searchAll'),
    subscribe: async () => () => {},
    stats: async () => ({ searchMs: [], maxMessageBytes: 0, realm: 'main', lists: 0, results: 0 }),
    setVisible: async () => {},
    refresh: async () => {},
    setLiveInterest: async () => {},
    setOnline: async () => {},
    setStill: async () => {},
    subscribeLive: async () => () => {},
    liveStatuses: async () => [],
    favouritesAccount: async () => {},
    setFavourite: async (_list, _symbol, _label, on) => on,
    favourites: async () => [],
    adoptFavourites: async (_uid, server) => server,
    dropAccountFavourites: async () => {},
    ...own,
  };
}
