/**
 * The demo personas the /login page offers (same names as server/personas.ts; a test keeps them equal). Each name
 * is the button's `data-persona` and the key of its i18n title and description (`account:persona.{name}.*`).
 */
export const DEMO_PERSONAS = [
  'vip',
  'unverified',
  'sub',
  'unified',
  'portfolio',
  'italy',
  'uk',
  'withdraw-only',
] as const;
export type DemoPersona = (typeof DEMO_PERSONAS)[number];
