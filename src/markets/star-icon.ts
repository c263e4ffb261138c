/**
 * The favourite star's outline (SPEC §4 favourites), one geometry for the market rows (row-markup.ts, built with the
 * DOM) and the search results (SearchOptionView.tsx, in JSX): a 24-unit path stroked in the text colour, filled when
 * the star is pressed (markets.css: `.favourite-toggle svg`).
 */

/** The star's path in a 24 × 24 viewBox. */
export const STAR_PATH =
  'm12 3.2 2.7 5.5 6 .9-4.35 4.25 1.03 6-5.38-2.83-5.38 2.83 1.03-6L3.3 9.6l6-.9L12 3.2Z';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A 16 px star `<svg>` of `doc`, hidden from assistive technology (the button names the pair), for a row slot's
 * button. An SVG path, not a CSS clip-path on the button: a clip-path per row was half of a scroll step's paint on
 * a moving market at 4x CPU (docs/benchmarks/history.md 'The star's clip-path').
 */
export function starIcon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', STAR_PATH);
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.6');
  path.setAttribute('stroke-linejoin', 'round');
  svg.appendChild(path);
  return svg;
}
