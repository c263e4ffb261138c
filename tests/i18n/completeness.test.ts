// Every locale has every key English has, with the same {{placeholders}} (SPEC §9: all 16 locales complete).
// Fails as soon as another feature adds an English key and some locale lacks it: run
// `node scripts/i18n-missing.mjs --values` to list what to translate.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/domain/locales.ts';
import { compareCatalogues, placeholders, requiredKeys, UI_LOCALES } from '../../scripts/i18n-missing.mjs';

const report = compareCatalogues();

describe('locale catalogues (SPEC §3 locales)', () => {
  it('checks exactly the 16 UI locales of common/domain/locales.ts', () => {
    expect(UI_LOCALES).toEqual([...LOCALES]);
    expect(report.locales).toEqual(LOCALES.filter((l) => l !== 'en'));
  });

  it('English has the settings namespace and at least one key per namespace', () => {
    expect(report.namespaces).toContain('settings');
    for (const ns of report.namespaces) expect(Object.keys(report.english[ns]!).length).toBeGreaterThan(0);
  });

  describe.each(report.rows.map((r) => [`${r.locale}/${r.namespace}`, r] as const))('%s', (_name, row) => {
    it('has the file and every key English has', () => {
      expect(row.missingFile, 'file missing').toBe(false);
      expect(row.missing).toEqual([]);
    });
    it('keeps the {{placeholders}} of each English string', () => {
      expect(row.placeholderMismatch).toEqual([]);
    });
    it('has no keys English lacks', () => {
      expect(row.extra).toEqual([]);
    });
  });
});

describe('i18n-missing helpers', () => {
  it('reads placeholders with spaces and formats', () => {
    expect(placeholders('{{ fiat }} and {{count, number}} and {{fiat}}')).toEqual(['count', 'fiat']);
  });
  it("expands an English plural family to the locale's CLDR categories", () => {
    expect([...requiredKeys(['n_one', 'n_other'], 'ar').keys()].sort()).toEqual([
      'n_few',
      'n_many',
      'n_one',
      'n_other',
      'n_two',
      'n_zero',
    ]);
    expect([...requiredKeys(['n_one', 'n_other'], 'ja').keys()]).toEqual(['n_other']);
  });
});
