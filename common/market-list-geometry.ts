/**
 * The market list's geometry and window limits, shared by the page (src/markets/) and the market engine's realm
 * (SPEC §9 virtual list: 530 px viewport, 58 px rows, 9 overscan rows). Plain numbers, no imports.
 */

/** SPEC §9: the list's viewport height, px. */
export const LIST_HEIGHT_PX = 530;
/** SPEC §9: one row's height, px (fixed: scrolling needs no layout). */
export const ROW_HEIGHT_PX = 58;
/** SPEC §9: rows kept beyond each edge of the viewport once settled. */
export const OVERSCAN_ROWS = 9;
/** Most rows one `query` or `rows` request is answered with (the engine clamps to it; the page asks for no more). */
export const MAX_WINDOW_ROWS = 60;
