/**
 * Entry of `npm run bench` (the cases and env knobs are described in bench.ts). The bench imports app modules for
 * their constants (reference-page.ts takes the list's PREFETCH_ROWS from src/markets/market-list.ts), and some of
 * those import stylesheets, which Node cannot load: a module hook registered here first turns every `.css` import into
 * an empty module, then the bench itself is imported.
 */
import { register } from 'node:module';

const CSS_AS_EMPTY = `
export async function load(url, context, next) {
  if (/\\.css(\\?|$)/.test(url)) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(CSS_AS_EMPTY)}`);
await import('./bench.ts');
