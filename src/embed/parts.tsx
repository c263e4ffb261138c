/**
 * What each embedded element renders (docs/EMBED.md), shared by the element (./masthead.tsx, which renders or
 * hydrates it) and the server fragment (src/entry-server.tsx `renderFragment`), so the fragment's markup is what the
 * element hydrates.
 */
import { lazy, Suspense } from 'react';
import { AnnouncementBar } from '../announcement/AnnouncementBar.tsx';
import { Header } from '../header/Header.tsx';

const Footer = lazy(() => import('../footer/Footer.tsx').then((m) => ({ default: m.Footer })));

/** `<masthead-header>`: the announcement bar and the header. */
export function HeaderPart() {
  return (
    <>
      <AnnouncementBar />
      <Header />
    </>
  );
}

/** `<masthead-footer>`: the footer (a chunk of its own on the client). */
export function FooterPart() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
}

/** The parts by name. */
export const EMBED_PARTS = { header: HeaderPart, footer: FooterPart } as const;
export type EmbedPart = keyof typeof EMBED_PARTS;
