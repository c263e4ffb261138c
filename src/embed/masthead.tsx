/**
 * `/embed/masthead.js` (docs/EMBED.md): defines `<masthead-header>` (the announcement bar and the header, with its
 * menus, market panels, search, messages, settings and drawer) and `<masthead-footer>` (the footer, a chunk of its
 * own). Defines nothing else on the page: no globals beyond the two element names and the documented events. A
 * second copy of the script on one page leaves the first one's definitions in place.
 */
import { FOOTER_TAG, HEADER_TAG, MastheadElement } from './element.tsx';
import { FooterPart, HeaderPart } from './parts.tsx';

/** `<masthead-header>`: the announcement bar and the header. */
class MastheadHeaderElement extends MastheadElement {
  protected content() {
    return <HeaderPart />;
  }
}

/** `<masthead-footer>`: the footer (its code loads when the element first renders). */
class MastheadFooterElement extends MastheadElement {
  protected content() {
    return <FooterPart />;
  }
}

if (!customElements.get(HEADER_TAG)) customElements.define(HEADER_TAG, MastheadHeaderElement);
if (!customElements.get(FOOTER_TAG)) customElements.define(FOOTER_TAG, MastheadFooterElement);
