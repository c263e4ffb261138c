// Module hooks for ./node20.mjs: inside node_modules/size-limit, `node:fs/promises` resolves to ./fs-promises.mjs.
const shim = new URL('./fs-promises.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'node:fs/promises' && context.parentURL?.includes('/node_modules/size-limit/')) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
