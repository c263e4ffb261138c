/**
 * The footer as a chunk of its own, hydrated after the header (SPEC §2 'Footer'; code split by first use): the
 * server's footer HTML stays in place until this chunk arrives (src/lib/deferred-hydration.tsx; its links navigate
 * meanwhile). A failed chunk load leaves no footer rather than a broken page
 * (SPEC §8).
 */
import { deferredHydration } from '../lib/deferred-hydration.tsx';
// In the first-load stylesheet: the server-rendered footer must be styled before its code arrives (no shift).
import './footer.css';

/** The lazily loaded footer (nothing meanwhile when the page was not server-rendered). */
export const DeferredFooter = deferredHydration(() => import('./Footer.tsx').then((m) => m.Footer), 'footer');
