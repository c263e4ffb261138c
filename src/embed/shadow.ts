/**
 * The inside of an embedded part's open shadow root (docs/EMBED.md 'Isolation'), shared by the custom elements
 * (./element.tsx) and the React components (./react.tsx): a `<link>` to masthead's stylesheet (its `:root`/`html`
 * rules rewritten to the `.mh-root` box by the embed build), the `.mh-root` box that stands for `<html>`, the React
 * root's `.mh-app` and the Radix portals' `.mh-portals` container.
 */
import stylesheetUrl from './embed.css?url';

/** The boxes of a shadow root built by buildShadow. */
export interface ShadowParts {
  box: HTMLDivElement;
  app: HTMLDivElement;
  portals: HTMLDivElement;
}

/**
 * Fills `shadow` with the stylesheet link and the boxes, replacing what it held. The box stays hidden (CSSOM, which
 * a strict CSP allows) until the stylesheet has loaded or failed: no unstyled flash.
 */
export function buildShadow(shadow: ShadowRoot): ShadowParts {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(stylesheetUrl, import.meta.url).href;
  const box = document.createElement('div');
  box.className = 'mh-root';
  box.style.visibility = 'hidden';
  const reveal = () => box.style.removeProperty('visibility');
  link.addEventListener('load', reveal, { once: true });
  link.addEventListener('error', reveal, { once: true });
  const app = document.createElement('div');
  app.className = 'mh-app';
  const portals = document.createElement('div');
  portals.className = 'mh-portals';
  box.append(app, portals);
  shadow.replaceChildren(link, box);
  return { box, app, portals };
}
