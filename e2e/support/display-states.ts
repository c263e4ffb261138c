/**
 * The display states a layout-and-axe test walks through: viewport width × theme × language.
 *
 * The full product of the three (2 × 2 × 2) repeats work without finding more: the theme decides colours and contrast,
 * the width decides layout, the language decides direction and text length, and a fault shows up through one of those
 * or through a pair of them (an RTL layout at phone width, a dark colour in Arabic). So the tests take a covering array
 * of strength 2: four states in which every pair of values of any two factors occurs at least once (phone + dark,
 * phone + Arabic, dark + Arabic, …). Each width, theme and language is still checked, and so is each combination of
 * two of them.
 */

/** One display state: viewport width (px), theme, and the language's path prefix ('' for English). */
export interface DisplayState {
  width: number;
  theme: 'light' | 'dark';
  lang: 'en' | 'ar';
  /** The locale's path prefix: '' or '/ar'. */
  prefix: '' | '/ar';
}

/** Builds the strength-2 covering array over two widths (desktop first, then phone). */
export function displayStates(desktop = 1440, phone = 375): readonly DisplayState[] {
  return [
    { width: desktop, theme: 'light', lang: 'en', prefix: '' },
    { width: phone, theme: 'dark', lang: 'en', prefix: '' },
    { width: desktop, theme: 'dark', lang: 'ar', prefix: '/ar' },
    { width: phone, theme: 'light', lang: 'ar', prefix: '/ar' },
  ];
}

/** `en 1440 light`: a state's name for test titles and assertion messages. */
export function stateName(s: DisplayState): string {
  return `${s.lang} ${s.width} ${s.theme}`;
}
