/**
 * Every line icon (src/ui/icon-names.ts), for content that appears after an intent: opened menus and panels,
 * dialogs, the drawer, the login page (SPEC §2). Only lazily loaded modules
 * import this module, so its path table stays out of the first load; the closed header's own icons are in
 * ./Icon.tsx (and shared from there).
 */
import { circlePath as o, HEADER_ICON_PATHS, IconSvg } from './Icon.tsx';
import type { IconName } from './icon-names.ts';

const users = `${o(9, 8, 3.2)}M3 20c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M15.5 4.9a3.2 3.2 0 0 1 0 6.2M17.5 14.8c2 .6 3.5 2.6 3.5 5.2`;

const PATHS: Record<IconName, string> = {
  ...HEADER_ICON_PATHS,
  spot: 'M7 3v3M7 17v4M5 6h4v11H5zM17 3v5M17 16v5M15 8h4v8h-4z',
  margin: 'M4 20h16M5 15l5-5 3 3 6-6M15 7h4v4',
  pilot: `${o(12, 12, 9)}M15.5 8.5l-2 5-5 2 2-5z`,
  premarket: 'M7 3h10M7 21h10M8 3c0 4 8 5 8 9s-8 5-8 9M16 3c0 4-8 5-8 9s8 5 8 9',
  convert: 'M4 8h15l-4-4M20 16H5l4 4',
  etf: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5M3 17.5l9 4.5 9-4.5',
  copy: users,
  bot: 'M5 9h14v10H5zM12 5v4M10.5 4h3M9 14h.01M15 14h.01M2 13v3M22 13v3',
  futures: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  coin: `${o(12, 12, 9)}M9.5 8h3.8a2 2 0 0 1 0 4H9.5zM9.5 12h4.3a2 2 0 0 1 0 4H9.5zM9.5 7v10M12 6v2M12 16v2`,
  delivery: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  options: 'M6 4h12M6 20h12M6 4l7 8-7 8',
  unified: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  guide: 'M5 5a2 2 0 0 1 2-2h12v16H7a2 2 0 0 0-2 2zM5 5v16M9 7h6',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9.5 17h5v4h-5z',
  buy: `M3 4h2l2.5 11h11L21 7H6.3${o(9, 19.5, 1.2)}${o(17.5, 19.5, 1.2)}`,
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  bank: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  p2p: 'M7 20V4L4 7M7 4l3 3M17 4v16l-3-3M17 20l3-3',
  withdraw: 'M12 15V4M7 9l5-5 5 5M5 20h14',
  otc: 'M3 8h18v11H3zM9 8V5h6v3M3 13h18',
  earn: 'M12 21v-9M12 12c0-4 3-7 8-7 0 5-3 7-8 7zM12 14c0-3-2-5-7-5 0 4 2 5 7 5z',
  staking:
    'M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5',
  pool: 'M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11zM9 14a3 3 0 0 0 3 3',
  airdrop: 'M3 11a9 7 0 0 1 18 0zM3 11l7 7M21 11l-7 7M12 11v7M10 18h4v3h-4z',
  rocket: `M12 3c3 2 5 6 5 10l-2 4H9l-2-4c0-4 2-8 5-10z${o(12, 10, 1.6)}M9 17l-2 4M15 17l2 4`,
  web3: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5',
  chart: 'M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6',
  repeat: 'M4 12a8 8 0 0 1 14-5.3M18 3v4h-4M20 12a8 8 0 0 1-14 5.3M6 21v-4h4',
  loan: `M5 19L19 5${o(7, 7, 2)}${o(17, 17, 2)}`,
  institution: 'M4 21V5l8-2v18M12 9h8v12M7 8h2M7 12h2M7 16h2M15 13h2M15 17h2M2 21h20',
  post: 'M4 4h16v12H8l-4 4zM8 9h8M8 12h5',
  live: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 12h7M7 15h4',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  blog: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  partner:
    'M10 14a4 4 0 0 0 5.5 0l3-3a4 4 0 0 0-5.5-5.5l-1 1M14 10a4 4 0 0 0-5.5 0l-3 3a4 4 0 0 0 5.5 5.5l1-1',
  learn: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6',
  help: `${o(12, 12, 9)}M9.5 9.5a2.5 2.5 0 0 1 5 0c0 2-2.5 2-2.5 4M12 17h.01`,
  wiki: 'M3 5c3-1 6-1 9 1 3-2 6-2 9-1v14c-3-1-6-1-9 1-3-2-6-2-9-1zM12 6v14',
  clock: `${o(12, 12, 9)}M12 7v5l3 2`,
  fee: `M3 12V4h8l10 10-8 8z${o(7.5, 8, 1.2)}`,
  rank: 'M3 20h18M5 20v-6h4v6M10 20V8h4v12M15 20v-9h4v9',
  verify:
    'M12 3l2.5 1.8 3-.2.9 2.9 2.4 1.8-1 2.8 1 2.8-2.4 1.8-.9 2.9-3-.2L12 21l-2.5-1.8-3 .2-.9-2.9-2.4-1.8 1-2.8-1-2.8 2.4-1.8.9-2.9 3 .2zM8.5 12l2.5 2.5 4.5-5',
  vip: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
  referral: `${o(10, 8, 3.5)}M3 20c0-3.5 3-6 7-6s7 2.5 7 6M19 8v6M16 11h6`,
  nft: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM9.5 10h.01M8 15l3-3 5 4',
  shop: 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2',
  listing: 'M4 6h10M4 12h10M4 18h6M18 14v6M15 17h6',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  wallet: 'M4 6h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4zM4 6a2 2 0 0 1 2-2h10v2M15 11h5v5h-5a2.5 2.5 0 0 1 0-5z',
  history: 'M4 12a8 8 0 1 0 2.5-5.8M4 4v4h4M12 8v4l3 2',
  statement: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  transfer: 'M4 8h16M16 4l4 4-4 4M20 16H4M8 12l-4 4 4 4',
  kyc: `M3 5h18v14H3zM6.5 15.5c.6-2 4.4-2 5 0${o(9, 10.5, 1.8)}M14 10h4M14 14h4`,
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  coupon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  api: 'M4 12h3M17 12h3M7 8h10v8H7zM10 8V5M14 8V5M10 19v-3M14 19v-3',
  users,
  ticket: 'M5 3h14v18H5zM9 8h6M9 12h6M9 16h3',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  check: 'M5 12l5 5 9-10',
  duplicate: 'M9 9h11v11H9zM15 9V4H4v11h5',
  warning: 'M12 3l10 18H2zM12 10v5M12 18h.01',
  orders: 'M8 3h8v3H8zM6 4.5H4V21h16V4.5h-2M8 11h8M8 15h8',
};

/** Any icon by name, `size` px square (default 20). */
export function MenuIcon({
  name,
  size = 20,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  return <IconSvg d={PATHS[name]} size={size} className={className} />;
}

/**
 * The rise/fall colour swatch of the display settings (SPEC §4): an up arrow in `up` and a down arrow in `down`
 * (CSS colours, e.g. `var(--green)`), 22×16 px. The one two-colour icon, hence not a name in ICON_NAMES.
 */
export function TrendSwatch({ up, down }: { up: string; down: string }) {
  return (
    <svg
      className="trend-swatch"
      width="22"
      height="16"
      viewBox="0 0 22 16"
      fill="none"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5.5 13V3M1.8 6.7 5.5 3l3.7 3.7" stroke={up} />
      <path d="M16.5 3v10M12.8 9.3l3.7 3.7 3.7-3.7" stroke={down} />
    </svg>
  );
}
