// Copyright years with a fixed clock (SPEC §9), the regulatory notices per site and locale (SPEC §8), and the app
// QR code (SPEC §2): a real QR symbol of the absolute /mobileapp URL.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { SUB_SITE, SUB_SITE_IDS } from '../../common/domain/sub-sites.ts';
import { copyrightYears } from '../../src/footer/copyright.ts';
import { footerNotices } from '../../src/footer/notices.ts';
import { mobileAppUrl, QR_QUIET_ZONE, qrPath } from '../../src/footer/qr.ts';

describe('copyright years (SPEC §9)', () => {
  const clock = new Date(2031, 5, 15, 12, 0, 0);
  it('global: 2013 to the current year', () => {
    expect(copyrightYears(SUB_SITE.GLOBAL, clock)).toEqual({ from: 2013, to: 2031 });
  });
  it('Turkey: 2022 to the current year', () => {
    expect(copyrightYears(SUB_SITE.TURKEY, clock)).toEqual({ from: 2022, to: 2031 });
  });
  it('every other site uses the global range; the year follows the clock', () => {
    for (const site of SUB_SITE_IDS.filter((s) => s !== SUB_SITE.TURKEY))
      expect(copyrightYears(site, new Date(2027, 0, 1)).from).toBe(2013);
    expect(copyrightYears(SUB_SITE.GLOBAL, new Date(2027, 0, 1)).to).toBe(2027);
  });
  it('a clock set before the first year, or invalid, never gives a backwards range', () => {
    expect(copyrightYears(SUB_SITE.TURKEY, new Date(2020, 0, 1))).toEqual({ from: 2022, to: 2022 });
    expect(copyrightYears(SUB_SITE.GLOBAL, new Date(NaN))).toEqual({ from: 2013, to: 2013 });
  });
});

describe('footer notices (SPEC §8)', () => {
  it('Malta, Hong Kong and UK disclaimers; UK adds the financial-promotion approval', () => {
    expect(footerNotices(SUB_SITE.MALTA, 'en')).toEqual(['malta']);
    expect(footerNotices(SUB_SITE.HONG_KONG, 'en')).toEqual(['hong-kong']);
    expect(footerNotices(SUB_SITE.UK, 'en')).toEqual(['uk', 'uk-promotion']);
    for (const site of [SUB_SITE.GLOBAL, SUB_SITE.US, SUB_SITE.EU, SUB_SITE.JAPAN])
      expect(footerNotices(site, 'en')).toEqual([]);
  });
  it('German, French and Spanish pages carry the restricted-location notice', () => {
    for (const locale of ['de', 'fr', 'es'] as const)
      expect(footerNotices(SUB_SITE.GLOBAL, locale)).toEqual(['restricted']);
    expect(footerNotices(SUB_SITE.UK, 'de')).toEqual(['uk', 'uk-promotion', 'restricted']);
    expect(footerNotices(SUB_SITE.GLOBAL, 'it' as never)).toEqual([]);
  });
});

describe('app QR code (SPEC §2)', () => {
  it('encodes the absolute /mobileapp URL under the language prefix', () => {
    expect(mobileAppUrl('https://www.exchange.example', '/ja')).toBe(
      'https://www.exchange.example/ja/mobileapp',
    );
    expect(mobileAppUrl('http://127.0.0.1:4209', '')).toBe('http://127.0.0.1:4209/mobileapp');
  });
  it('draws every dark module of the qrcode symbol inside a 4-module quiet zone', () => {
    const url = 'https://www.exchange.example/mobileapp';
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const qr = qrPath(url);
    expect(qr.size).toBe(modules.size + 2 * QR_QUIET_ZONE);
    expect(qr.dark).toBe(modules.data.reduce((n, b) => n + (b ? 1 : 0), 0));
    expect(qr.d.match(/M/g)).toHaveLength(qr.dark);
    // Finder pattern: the top-left module of the symbol is dark, right after the quiet zone.
    expect(qr.d.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h1v1h-1z`)).toBe(true);
    // Different URLs give different symbols.
    expect(qrPath(`${url}?x=1`).d).not.toBe(qr.d);
  });
});
