// The VIP level images (src/account/VipBadge.tsx, SPEC §9 'VIP images VIP0 and up'): every whole level from 0 up
// has its own badge — its band's colours and its number — and a localised accessible name.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VipBadge, vipBand } from '../../src/account/VipBadge.tsx';
import { I18nProvider } from '../../src/i18n/react.tsx';
import { Translator } from '../../src/i18n/runtime.ts';
import account from '../../src/i18n/locales/en/account.json';
import accountAr from '../../src/i18n/locales/ar/account.json';

const render = (level: number, locale: 'en' | 'ar' = 'en') => {
  const i18n = new Translator({
    locale,
    fallbackLocale: 'en',
    resources: { en: { account }, ar: { account: accountAr } },
  });
  return renderToString(createElement(I18nProvider, { i18n, children: createElement(VipBadge, { level }) }));
};

describe('vipBand (SPEC §9)', () => {
  it.each([
    [0, 'base'],
    [1, 'silver'],
    [4, 'silver'],
    [5, 'gold'],
    [8, 'gold'],
    [9, 'platinum'],
    [12, 'platinum'],
    [13, 'black'],
    [16, 'black'],
    [99, 'black'],
    [-3, 'base'],
    [Number.NaN, 'base'],
    [5.9, 'gold'],
  ])('level %s → %s', (level, name) => {
    expect(vipBand(level).name).toBe(name);
  });
});

describe('VipBadge', () => {
  it('draws VIP0 and up, each with its own number and band, named "VIP n"', () => {
    for (const level of [0, 1, 3, 5, 9, 13, 16]) {
      const html = render(level);
      expect(html).toContain(`>VIP${level}</text>`);
      expect(html).toContain(`aria-label="VIP ${level}"`);
      expect(html).toContain(`data-vip-band="${vipBand(level).name}"`);
      expect(html).toContain('role="img"');
    }
    expect(render(3)).not.toBe(render(4));
  });

  it('grows with the digits and shows bad levels as VIP0', () => {
    const width = (html: string) => Number(/width="([\d.]+)"/.exec(html)![1]);
    expect(width(render(12))).toBeGreaterThan(width(render(2)));
    expect(render(-1)).toContain('>VIP0</text>');
  });

  it('takes its name from the locale', () => {
    expect(render(2, 'ar')).toContain(`aria-label="${accountAr.vipLevel.replace('{{level}}', '2')}"`);
  });
});
