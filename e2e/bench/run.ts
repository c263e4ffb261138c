/**
 * Entry of `npm run bench` (the cases and env knobs are described in bench.ts). The bench imports a few app-side
 * modules for their helpers (e2e/support/settle.ts reads src/announcement/dismissed.ts), and an app module may import
 * a stylesheet, which Node cannot load: a module hook registered here first turns every `.css` import into an empty
 * module, then the bench itself is imported.
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
