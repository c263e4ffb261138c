/**
 * The VIP level image (SPEC §9 'VIP images VIP0 and up', §3 `tier_level`, default 0): one badge per level, drawn as
 * inline SVG (no image asset ships with the product): a gem and `VIP{n}` on a plate whose colours follow the level's
 * band (vipBand). Any whole level from 0 up has its image; the accessible name is the localised 'VIP {{level}}'.
 */
import { useTranslation } from '../i18n/react.tsx';

/** A band of levels sharing the badge's colours: plate gradient, gem gradient and text colour. */
export interface VipBand {
  name: 'base' | 'silver' | 'gold' | 'platinum' | 'black';
  plate: readonly [string, string];
  gem: readonly [string, string];
  text: string;
  /** Outline of the plate, for a band that would vanish on the dark theme's menus. */
  edge?: string;
}

/** Bands by the first level of each, ascending (our choice: SPEC §9 names the images, not their colours). */
const BANDS: readonly (readonly [number, VipBand])[] = [
  [0, { name: 'base', plate: ['#5b6472', '#3a414c'], gem: ['#dfe4ea', '#9aa4b1'], text: '#f4f6f8' }],
  [1, { name: 'silver', plate: ['#6b7f95', '#46566a'], gem: ['#ffffff', '#b9c8d8'], text: '#ffffff' }],
  [5, { name: 'gold', plate: ['#f3d38a', '#c9a14a'], gem: ['#fff6dc', '#e6b85c'], text: '#3b2a08' }],
  [9, { name: 'platinum', plate: ['#8a6ef0', '#5535c0'], gem: ['#f1ebff', '#c2b0ff'], text: '#ffffff' }],
  [
    13,
    {
      name: 'black',
      plate: ['#2b2b2b', '#0d0d0d'],
      gem: ['#f3d38a', '#c9a14a'],
      text: '#f3d38a',
      edge: '#c9a14a',
    },
  ],
];

/** The band of `level` (levels below 0 or not whole count as their floor, at least 0). Pure. */
export function vipBand(level: number): VipBand {
  const n = Number.isFinite(level) ? Math.max(0, Math.floor(level)) : 0;
  let band = BANDS[0]![1];
  for (const [from, b] of BANDS) if (n >= from) band = b;
  return band;
}

/** Badge height, px; the width grows with the level's digits. */
const HEIGHT = 20;

/** The badge image for `level` (SPEC §9). */
export function VipBadge({ level }: { level: number }) {
  const { t } = useTranslation('account');
  const n = Number.isFinite(level) ? Math.max(0, Math.floor(level)) : 0;
  const band = vipBand(n);
  const label = `VIP${n}`;
  const width = Math.round(36 + label.length * 6.6);
  // Gradient ids follow the band: two badges of one band on a page define the same gradients, so a repeated id is
  // harmless, in any React root.
  const uid = `mh-vip-${band.name}-`;
  return (
    <svg
      className="vip-badge"
      data-testid="vip-badge"
      data-vip-band={band.name}
      role="img"
      aria-label={t('vipLevel', { level: n })}
      width={width}
      height={HEIGHT}
      viewBox={`0 0 ${width} ${HEIGHT}`}
    >
      <defs>
        <linearGradient id={`${uid}p`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={band.plate[0]} />
          <stop offset="1" stopColor={band.plate[1]} />
        </linearGradient>
        <linearGradient id={`${uid}g`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={band.gem[0]} />
          <stop offset="1" stopColor={band.gem[1]} />
        </linearGradient>
      </defs>
      <rect
        x={0.5}
        y={0.5}
        width={width - 1}
        height={HEIGHT - 1}
        rx={(HEIGHT - 1) / 2}
        fill={`url(#${uid}p)`}
        stroke={band.edge ?? 'none'}
      />
      {/* A cut gem: crown, girdle and pavilion facets. */}
      <path d="M7 6.5h8l2.5 3L11 16 4.5 9.5z" fill={`url(#${uid}g)`} />
      <path d="M4.5 9.5h13M9 6.5l-1 3 3 6.5 3-6.5-1-3" fill="none" stroke={band.plate[1]} strokeWidth="0.8" />
      <text
        x={23}
        y={14}
        fill={band.text}
        fontSize="11"
        fontWeight="700"
        letterSpacing="0.2"
        aria-hidden="true"
      >
        {label}
      </text>
    </svg>
  );
}
