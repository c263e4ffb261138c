// The SPEC §7 market calls' URLs (common/wire/endpoints.ts): each list's path with its fixed query, and the compact
// pilot variant (docs/API.md `format=columns`).
import { describe, expect, it } from 'vitest';
import { marketUrl, pilotColumnsUrl } from '../../../common/wire/endpoints.ts';

describe('SPEC §7 market call URLs', () => {
  it('each list: its path and its query parameters', () => {
    expect(marketUrl('tabs')).toBe('/apiw/v2/common/tabs?area=web_trade');
    expect(marketUrl('spot')).toBe('/apiw/v2/market/spots?exchange_type=ALL');
    expect(marketUrl('futures')).toBe('/apiw/v2/market/futures?is_testnet=0&exchange_type=CONTRACT_ALL');
    expect(marketUrl('pilot')).toBe('/apiw/v2/pilot/markets?exchange_type=PILOT_ALL');
    expect(marketUrl('premint')).toBe('/apiw/v2/pre-mint/service/currencies/simple-info?limit=100&page=1');
    expect(marketUrl('preMarket')).toBe(
      '/apiw/v2/pre-market/service/currencies/simple-info?limit=100&page=1',
    );
  });

  it('the compact pilot list adds format=columns to the pilot call', () => {
    expect(pilotColumnsUrl()).toBe('/apiw/v2/pilot/markets?exchange_type=PILOT_ALL&format=columns');
  });
});
