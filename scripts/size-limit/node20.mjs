// Lets size-limit 14 (which targets Node >= 22.19) run on the project's Node 20 (package.json engines): adds
// Array.fromAsync and, for size-limit's own modules only, a `node:fs/promises` whose `glob` resolves literal file
// paths (the budget config lists exact built files, never patterns). Loaded with `node --import`.
import { register } from 'node:module';

if (!Array.fromAsync) {
  Array.fromAsync = async function fromAsync(iterable) {
    const out = [];
    for await (const item of iterable) out.push(item);
    return out;
  };
}

register('./node20-hooks.mjs', import.meta.url);
