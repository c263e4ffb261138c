/**
 * Where Radix portals render (docs/EMBED.md 'Isolation'): `document.body` on masthead's own page (null: Radix's
 * default), or a container inside an embedded element's shadow root, so popovers and dialogs are styled by the
 * element's stylesheet and stay out of the host page's DOM and CSS.
 */
import { createContext, useContext } from 'react';

/** The portal container of the tree below; null for Radix's default (`document.body`). */
export const PortalContainer = createContext<HTMLElement | null>(null);

/** The container to pass to a Radix `Portal`'s `container` prop (undefined: Radix's default). */
export function usePortalContainer(): HTMLElement | undefined {
  return useContext(PortalContainer) ?? undefined;
}
