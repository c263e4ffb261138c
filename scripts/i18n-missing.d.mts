// Types of scripts/i18n-missing.mjs (imported by tests/i18n/completeness.test.ts).
export declare const LOCALES_DIR: string;
export declare const UI_LOCALES: string[];
export declare function flatten(
  obj: object,
  prefix?: string,
  out?: Record<string, string>,
): Record<string, string>;
export declare function placeholders(text: string): string[];
export declare function requiredKeys(englishKeys: string[], locale: string): Map<string, string>;
export interface CatalogueRow {
  locale: string;
  namespace: string;
  missingFile: boolean;
  missing: string[];
  extra: string[];
  placeholderMismatch: { key: string; english: string[]; locale: string[] }[];
}
export declare function compareCatalogues(dir?: string): {
  english: Record<string, Record<string, string>>;
  namespaces: string[];
  locales: string[];
  rows: CatalogueRow[];
};
