/**
 * The footer as a chunk of its own (SPEC §2 'Footer'; code split by first use), fetched and hydrated only when it is
 * needed: on the visitor's first intent anywhere on the page, a scroll included (src/lib/hydrate-when-needed.ts).
 * Until then the server's footer HTML stays in place (src/lib/deferred-hydration.tsx): it reads as the final footer
 * and its links navigate; a click on one of its buttons (or, on the EU site, on a blocked link: SPEC §6) is held and
 * replayed once it has hydrated. A visit that never scrolls and never interacts does not fetch its code, even with
 * the footer on screen. A failed chunk load leaves no footer rather than a broken page (SPEC §8).
 */
import { deferredHydration } from '../lib/deferred-hydration.tsx';
import { whenNeeded } from '../lib/hydrate-when-needed.ts';
import { FOOTER_MOBILE_BELOW_PX, FOOTER_MOBILE_QUERY } from './footer-layout.ts';
// In the first-load stylesheet: the server-rendered footer must be styled before its code arrives (no shift).
import './footer.css';

/** The lazily loaded footer (nothing meanwhile when the page was not server-rendered). */
export const DeferredFooter = deferredHydration(
  () => import('./Footer.tsx').then((m) => m.Footer),
  'footer',
  {
    // The server laid the footer out for its viewport guess (accordions and the fiat selector below 768 px): on a
    // viewport on the other side of the breakpoint it hydrates at once to take the real layout.
    when: () =>
      whenNeeded('[data-hydrates="footer"]', {
        watch: FOOTER_MOBILE_QUERY,
        stale: (el) => (el.getAttribute('data-layout') === 'mobile') !== innerWidth < FOOTER_MOBILE_BELOW_PX,
      }),
  },
);
