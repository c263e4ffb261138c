/**
 * Prototype-safe lookups (docs/SECURITY.md 'Lookups keyed by input'). A plain object indexed with a value from a
 * request (`ALIASES[tag]`, `TABLE[host]`) also finds what every object inherits: `constructor`, `toString`,
 * `hasOwnProperty`, `__proto__` are functions or objects, not data, and become 500s or leak a function's source
 * (`function Object() { [native code] }`). Every lookup keyed by input goes through ownGet / hasOwnKey, or uses a
 * Map. Pure and realm-neutral.
 */

/** The own property `key` of `record`, else undefined (an inherited property never counts). */
export function ownGet<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** True when `key` is an own property of `record` (a type guard: the key is then one of the record's). */
export function hasOwnKey<K extends string>(record: Readonly<Record<K, unknown>>, key: string): key is K {
  return Object.hasOwn(record, key);
}
