/**
 * Line icons (SPEC §2 'Header elements'): one 24-unit stroke path per name (src/ui/icon-names.ts), drawn in
 * `currentColor` so they follow the theme. Decorative: always `aria-hidden`; the control carries the label.
 *
 * Split by first use: this module, in the first load, carries only the icons the closed page draws without an intent:
 * the closed header's triggers and buttons, the footer's accordion chevron and the announcement bar's two icons (the
 * bar and the footer hydrate without an intent). Icons that appear only inside opened menus, panels, dialogs and the
 * drawer are in ./MenuIcon.tsx, which only lazily loaded modules import.
 */
import type { IconName } from './icon-names.ts';

/** Path data for a circle (for icons drawn as one path). */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
}
const o = circlePath;

/** Paths of the icons the closed page shows without an intent (see the module comment). */
export const HEADER_ICON_PATHS = {
  deposit: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  gift: 'M4 9h16v4H4zM5 13h14v8H5zM12 9v12M12 9c-2 0-4-1-4-3a2 2 0 0 1 4 0zM12 9c2 0 4-1 4-3a2 2 0 0 0-4 0',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  mobile: 'M7 2h10v20H7zM11 18h2',
  switch: 'M16 3l4 4-4 4M20 7H8M8 21l-4-4 4-4M4 17h12',
  user: `${o(12, 8, 4)}M4 21c0-4 4-7 8-7s8 3 8 7`,
  chat: 'M21 12a8 8 0 0 1-12 7l-5 1 1-4.5A8 8 0 1 1 21 12zM8 12h.01M12 12h.01M16 12h.01',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  search: `${o(11, 11, 7)}M20 20l-4-4`,
  globe: `${o(12, 12, 9)}M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z`,
  'chevron-left': 'M15 5l-7 7 7 7',
  'chevron-right': 'M9 5l7 7-7 7',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
  megaphone: 'M3 10v4h4l8 4V6l-8 4zM18 9a4 4 0 0 1 0 6M7 14l1 5h3l-1-4',
  close: 'M6 6l12 12M18 6L6 18',
  sliders: `M3.6 6.6h9.6M18 6.6h2.4M3.6 17.4h2.4M10.8 17.4h9.6${o(15.6, 6.6, 2.4)}${o(8.4, 17.4, 2.4)}`,
} satisfies Partial<Record<IconName, string>>;

/** An icon the closed page draws (see the module comment); any other name is a MenuIcon. */
export type HeaderIconName = keyof typeof HEADER_ICON_PATHS;

/** The `<svg>` of a line icon with path data `d`, `size` px square. Shared by Icon and MenuIcon. */
export function IconSvg({ d, size, className }: { d: string; size: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

/** A header icon, `size` px square (default 20). */
export function Icon({
  name,
  size = 20,
  className,
}: {
  name: HeaderIconName;
  size?: number;
  className?: string;
}) {
  return <IconSvg d={HEADER_ICON_PATHS[name]} size={size} className={className} />;
}
