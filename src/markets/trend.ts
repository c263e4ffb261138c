/**
 * Rise/fall classes of a change (SPEC §4 rise colour: the colour itself comes from the rise-colour preference in CSS).
 */

/** CSS class of a change's sign (ListRow.trend: 1 rise, -1 fall, 0 flat): `trend-rise`, `trend-fall`, `trend-flat`. */
export function trendClass(sign: 1 | -1 | 0): string {
  return sign > 0 ? 'trend-rise' : sign < 0 ? 'trend-fall' : 'trend-flat';
}
