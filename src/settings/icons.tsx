/** Small inline icons of the settings triggers and menus (decorative: aria-hidden, colour from currentColor). */

/** Globe: the language and region trigger. */
export function GlobeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="none" stroke="currentColor">
      <circle cx="10" cy="10" r="7.25" strokeWidth="1.5" />
      <path
        d="M2.75 10h14.5M10 2.75c2 2 3 4.4 3 7.25s-1 5.25-3 7.25c-2-2-3-4.4-3-7.25s1-5.25 3-7.25Z"
        strokeWidth="1.5"
      />
    </svg>
  );
}

/** Sliders: the display settings trigger. */
export function SettingsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="none" stroke="currentColor">
      <path d="M3 5.5h8M15 5.5h2M3 14.5h2M9 14.5h8" strokeWidth="1.5" strokeLinecap="round" />
      <circle cx="13" cy="5.5" r="2" strokeWidth="1.5" />
      <circle cx="7" cy="14.5" r="2" strokeWidth="1.5" />
    </svg>
  );
}

/** Close (×). */
export function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" stroke="currentColor">
      <path d="m4 4 8 8M12 4l-8 8" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Check mark for the selected option. */
export function CheckIcon() {
  return (
    <svg className="settings-check" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none">
      <path
        d="m3.5 8.5 3 3 6-7"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Rise and fall arrows in the colours of one choice (`up`/`down` are CSS colours). */
export function TrendSwatch({ up, down }: { up: string; down: string }) {
  return (
    <svg className="trend-swatch" width="22" height="16" viewBox="0 0 22 16" aria-hidden="true" fill="none">
      <path
        d="M5.5 13V3M1.8 6.7 5.5 3l3.7 3.7"
        stroke={up}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M16.5 3v10M12.8 9.3l3.7 3.7 3.7-3.7"
        stroke={down}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
