/**
 * The footer as a chunk of its own, hydrated after the header (SPEC §2 'Footer'; code split by first use). The
 * server (react-dom/static prerender) waits for the lazy module, so the page's HTML always carries the whole
 * footer; the client hydrates the header at once and leaves the server's footer HTML in place until this chunk
 * arrives (React selective hydration: a click on the footer meanwhile is replayed once it is hydrated). Memoised
 * with no props so the page's re-renders never update the boundary before it has hydrated. A failed chunk load
 * leaves no footer rather than a broken page (SPEC §8).
 */
import { Component, lazy, memo, Suspense, type ReactNode } from 'react';
// In the first-load stylesheet: the server-rendered footer must be styled before its code arrives (no shift).
import './footer.css';

const loadFooter = () => import('./Footer.tsx').then((m) => ({ default: m.Footer }));
const Footer = lazy(loadFooter);
// The server loads it with the rest of its bundle, so no page render ever waits for it (render time-out, SPEC §8).
if (import.meta.env.SSR) void loadFooter();

/** Renders nothing when the footer chunk fails to load (logged once). */
class FooterGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.warn('[footer] chunk failed to load', err);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The lazily loaded footer (nothing meanwhile when the page was not server-rendered). */
export const DeferredFooter = memo(function DeferredFooter() {
  return (
    <FooterGuard>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </FooterGuard>
  );
});
