// The embedded boot data (src/state/boot-data.ts): read when well formed, ignored (null, logged) when not, so the
// client renders from scratch instead of hydrating from bad data (SPEC §8).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_DATA_ID, readBootData, serializeBootData, type BootData } from '../../src/state/boot-data.ts';

afterEach(() => vi.restoreAllMocks());

/** A document whose boot element holds `text` (none when undefined). */
function docWith(text: string | undefined): Document {
  return {
    getElementById: (id: string) =>
      id === BOOT_DATA_ID && text !== undefined ? { textContent: text } : null,
  } as unknown as Document;
}

const VALID = {
  locale: 'en',
  langPrefix: '',
  path: '/trade/BTC_USDT',
  search: '',
  host: 'example.test',
  origin: 'https://example.test',
  viewportWidth: 1440,
  subSite: 0,
  siteData: { curr_fiat: 'USD' },
  compliance: { menu_list: [], limit: { is_tr: false } },
  menuData: { business_list: [], nft_flag: '0' },
  user: null,
  accountMode: null,
  crossMargin: null,
  prefs: {},
  buyFiat: '',
  catalogues: null,
  restrictedNoticeClosed: false,
} as unknown as BootData;

describe('readBootData', () => {
  it('reads well-formed data written by serializeBootData (a `<` in a string survives the escaping)', () => {
    const data = { ...VALID, path: '/a<b' } as BootData;
    expect(readBootData(docWith(serializeBootData(data)))).toEqual(data);
    expect(serializeBootData(data)).not.toContain('<');
  });

  it('gives null when the page has no boot data (client-rendered shell)', () => {
    expect(readBootData(docWith(undefined))).toBeNull();
    expect(readBootData(docWith(''))).toBeNull();
  });

  it.each([
    ['not JSON', '{"path":'],
    ['not an object', '42'],
    ['null', 'null'],
    ['an unknown sub-site', JSON.stringify({ ...VALID, subSite: 99999 })],
    ['a sub-site that is not a number', JSON.stringify({ ...VALID, subSite: '0' })],
    ['no path', JSON.stringify({ ...VALID, path: undefined })],
    ['no preferences', JSON.stringify({ ...VALID, prefs: null })],
    ['an answer that is a string', JSON.stringify({ ...VALID, siteData: 'x' })],
    ['an answer that is a list', JSON.stringify({ ...VALID, user: [1] })],
  ])('ignores %s, with a log line', (_, text) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readBootData(docWith(text))).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });

  it('reads absent answers as null (the stores then apply the SPEC §8 fallbacks)', () => {
    const { compliance: _, ...rest } = VALID;
    expect(readBootData(docWith(JSON.stringify(rest)))?.compliance).toBeNull();
  });
});
