/**
 * The footer's layout breakpoint (SPEC §9 767/768), shared by the footer and its hydration gate (the gate is in the
 * first load, the footer is not).
 */

/** Below this width, px, the footer's groups are accordions and the fiat selector shows. */
export const FOOTER_MOBILE_BELOW_PX = 768;

/** The media query that matches while the footer has its phone layout. */
export const FOOTER_MOBILE_QUERY = `(max-width: ${FOOTER_MOBILE_BELOW_PX - 0.02}px)`;

/** `data-layout` of the footer's root: the layout it was rendered with. */
export type FooterLayout = 'mobile' | 'wide';
