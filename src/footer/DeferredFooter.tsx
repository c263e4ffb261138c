/**
 * The footer as a chunk of its own (SPEC §2 'Footer'; code split by first use), fetched and hydrated only when it is
 * needed: near the viewport or on the visitor's first intent anywhere on the page (src/lib/hydrate-when-needed.ts).
 * Until then the server's footer HTML stays in place (src/lib/deferred-hydration.tsx): it reads as the final footer
 * and its links navigate; a click on one of its buttons is held and replayed once it has hydrated. A visit that
 * never scrolls and never interacts does not fetch its code. A failed chunk load leaves no footer rather than a
 * broken page (SPEC §8).
 */
import { deferredHydration } from '../lib/deferred-hydration.tsx';
import { whenNeeded } from '../lib/hydrate-when-needed.ts';
// In the first-load stylesheet: the server-rendered footer must be styled before its code arrives (no shift).
import './footer.css';

/** The lazily loaded footer (nothing meanwhile when the page was not server-rendered). */
export const DeferredFooter = deferredHydration(
  () => import('./Footer.tsx').then((m) => m.Footer),
  'footer',
  {
    when: () => whenNeeded('[data-hydrates="footer"]'),
  },
);
