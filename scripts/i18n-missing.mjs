#!/usr/bin/env node
// Lists, per locale and namespace, the keys English has that the locale lacks, the keys it has that English does not
// (extra), and strings whose {{placeholders}} differ from English. English (src/i18n/locales/en) is the reference.
// Plurals follow i18next v4 suffixes: an English family `x_one`/`x_other` requires the locale's own CLDR categories
// (Arabic `x_zero … x_other`, Japanese `x_other` only).
//
//   node scripts/i18n-missing.mjs            human-readable report; exit 1 when anything is missing or mismatched
//   node scripts/i18n-missing.mjs --json     the same as JSON (for tooling)
//   node scripts/i18n-missing.mjs --values   also print the English text of each missing key (to translate)
// Imported by tests/i18n/completeness.test.ts (types in i18n-missing.d.mts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCALES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../src/i18n/locales');
/** The 16 UI locales (common/domain/locales.ts LOCALES; the test checks they agree). A locale without a directory is all missing. */
export const UI_LOCALES = [
  'en',
  'zh',
  'zh-tw',
  'vi',
  'es',
  'ru',
  'fr',
  'de',
  'pt',
  'pt-br',
  'th',
  'id',
  'tr',
  'ja',
  'ar',
  'uk',
];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([\w.-]+)(?:\s*,[^}]*)?\s*}}/g;

/** Flattens nested catalogues to dotted keys: `{a: {b: 'x'}}` → `{'a.b': 'x'}`. */
export function flatten(obj, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out[path] = String(value);
  }
  return out;
}

/** Sorted, de-duplicated `{{name}}` placeholders of a string. */
export function placeholders(text) {
  return [...new Set([...String(text).matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();
}

/** i18next's plural language code for a UI locale (`pt-br` → `pt-BR`). */
function pluralLocale(locale) {
  return locale.replace(/-([a-z]+)$/, (_, r) => `-${r.toUpperCase()}`);
}

/** Keys a locale must have for English's keys: plural families expand to the locale's CLDR categories. */
export function requiredKeys(englishKeys, locale) {
  const categories = new Intl.PluralRules(pluralLocale(locale)).resolvedOptions().pluralCategories;
  const out = new Map();
  for (const key of englishKeys) {
    const m = PLURAL_SUFFIX.exec(key);
    if (!m) {
      out.set(key, key);
      continue;
    }
    const base = key.slice(0, -m[0].length);
    for (const c of categories) out.set(`${base}_${c}`, `${base}_other`);
  }
  return out; // locale key → English key it translates
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * Compares every locale directory with English. Returns rows `{locale, namespace, missingFile, missing[], extra[],
 * placeholderMismatch[{key, english, locale}]}` for each locale × English namespace, plus `english` (flat texts).
 */
export function compareCatalogues(dir = LOCALES_DIR) {
  const namespaces = readdirSync(join(dir, 'en'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
  const locales = [...new Set([...UI_LOCALES, ...readdirSync(dir)])].filter((d) => d !== 'en');
  const english = {};
  for (const ns of namespaces) english[ns] = flatten(readJson(join(dir, 'en', `${ns}.json`)));
  const rows = [];
  for (const locale of locales) {
    for (const ns of namespaces) {
      const file = join(dir, locale, `${ns}.json`);
      const row = {
        locale,
        namespace: ns,
        missingFile: !existsSync(file),
        missing: [],
        extra: [],
        placeholderMismatch: [],
      };
      const theirs = row.missingFile ? {} : flatten(readJson(file));
      const required = requiredKeys(Object.keys(english[ns]), locale);
      for (const [key, enKey] of required) {
        if (!(key in theirs) || theirs[key].trim() === '') {
          row.missing.push(key);
          continue;
        }
        const want = placeholders(english[ns][enKey]);
        const got = placeholders(theirs[key]);
        if (want.join() !== got.join()) {
          row.placeholderMismatch.push({ key, english: want, locale: got });
        }
      }
      for (const key of Object.keys(theirs)) if (!required.has(key)) row.extra.push(key);
      rows.push(row);
    }
  }
  return { english, namespaces, locales, rows };
}

function main(argv) {
  const report = compareCatalogues();
  const bad = report.rows.filter((r) => r.missingFile || r.missing.length || r.placeholderMismatch.length);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(report.rows, null, 2));
  } else {
    const showValues = argv.includes('--values');
    for (const r of report.rows) {
      if (!r.missingFile && !r.missing.length && !r.extra.length && !r.placeholderMismatch.length) continue;
      console.log(`${r.locale}/${r.namespace}.json${r.missingFile ? ' (file missing)' : ''}`);
      for (const k of r.missing) {
        const en =
          report.english[r.namespace][k] ?? report.english[r.namespace][k.replace(/_\w+$/, '_other')];
        console.log(`  missing  ${k}${showValues ? `  = ${JSON.stringify(en)}` : ''}`);
      }
      for (const k of r.extra) console.log(`  extra    ${k}`);
      for (const p of r.placeholderMismatch) {
        console.log(
          `  placeholders ${p.key}: English {{${p.english.join('}}, {{')}}} vs {{${p.locale.join('}}, {{')}}}`,
        );
      }
    }
    const keys = report.namespaces.map((ns) => `${ns} ${Object.keys(report.english[ns]).length}`).join(', ');
    console.log(
      `English keys: ${keys}. ${report.locales.length} locales; ${bad.length} locale×namespace incomplete.`,
    );
  }
  process.exitCode = bad.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
