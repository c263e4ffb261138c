/**
 * One row of the search grid (SPEC §2 'Search modal'; WAI-ARIA combobox with a grid popup, as the panels' lists): a
 * `role="row"` holding its cells. A market result is `data-testid="market-row"` (with `data-kind` and `data-symbol`)
 * holding a star cell (SPEC §4 favourites: `favourite-toggle`, `aria-pressed`, a label naming the pair) and a link
 * cell (`search-result`: icon, pair, sub-line, last price, change %, all formatted by the engine), the row being a
 * container of the two since a button inside a link is invalid. A recent term, a favourite and a list's 'more' entry
 * are rows of one link cell. Nothing in a row is focusable: focus stays in the combobox input, which points at the
 * active row with aria-activedescendant; a press on the star neither opens the pair nor takes focus.
 */
import { useTranslation } from '../i18n/react.tsx';
import { STAR_PATH } from '../markets/star-icon.ts';
import { trendClass } from '../markets/trend.ts';
import { CoinIcon } from '../ui/CoinIcon.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import type { SearchOption } from './search-options.ts';
import { versionedIconSrc } from './icon-version.ts';

/** Props of {@link SearchOptionView}. */
export interface SearchOptionViewProps {
  option: SearchOption;
  /** DOM id of the row (the grid's id + the option key). */
  id: string;
  active: boolean;
  /** A result's star state (SPEC §4 favourites); ignored for other rows. */
  starred: boolean;
  /** SPEC §7 coin icon version whitelist (SearchAppProps). */
  coinIconVersionWhitelist: readonly string[];
  /** Href of the 'more' entry (the list's page; the click opens the panel instead). */
  moreHref: string;
  onHover(): void;
  /** Called on a click of the row's link, before the browser follows it (recent terms, 'more'). */
  onPick(event: React.MouseEvent): void;
  /** The result's star was pressed. */
  onStar(): void;
}

/** The star's outline (filled when pressed or for a favourite), as the panels draw it. */
function StarIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={STAR_PATH} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

/** Renders the row. */
export function SearchOptionView({
  option,
  id,
  active,
  starred,
  coinIconVersionWhitelist,
  moreHref,
  onHover,
  onPick,
  onStar,
}: SearchOptionViewProps) {
  const { t } = useTranslation('search');
  const row = {
    id,
    role: 'row' as const,
    'aria-selected': active,
    className: active ? 'search-option is-active' : 'search-option',
    onMouseMove: active ? undefined : onHover,
  };
  const link = { tabIndex: -1, className: 'search-option-link', onClick: onPick };
  if (option.type === 'recent')
    return (
      <div {...row}>
        <span role="gridcell" className="search-option-cell">
          <a {...link} href="#" data-testid="search-recent">
            <MenuIcon name="history" size={16} />
            <span className="search-option-label" dir="auto">
              {option.term}
            </span>
          </a>
        </span>
      </div>
    );
  if (option.type === 'favourite')
    return (
      <div {...row}>
        <span role="gridcell" className="search-option-cell">
          <a
            {...link}
            href={option.pair.href}
            data-testid="search-favourite"
            data-symbol={option.pair.symbol}
            data-list={option.pair.list}
          >
            <StarIcon className="search-favourite-star" />
            <span className="search-option-label" dir="ltr">
              {option.pair.label}
            </span>
          </a>
        </span>
      </div>
    );
  if (option.type === 'more')
    return (
      <div {...row}>
        <span role="gridcell" className="search-option-cell">
          <a {...link} href={moreHref} data-testid="search-more" data-kind={option.kind}>
            <span className="search-option-label">
              {t('more', { total: option.total, list: t(`section.${option.kind}`) })}
            </span>
            <MenuIcon name="chevron-right" size={16} />
          </a>
        </span>
      </div>
    );
  const { row: r, kind } = option;
  const [base, quote] = r.label.includes('/') ? r.label.split('/') : [r.label, ''];
  return (
    <div {...row} data-testid="market-row" data-kind={kind} data-symbol={r.symbol}>
      <span role="gridcell" className="search-option-star">
        <button
          type="button"
          tabIndex={-1}
          className="favourite-toggle"
          data-testid="favourite-toggle"
          aria-pressed={starred}
          aria-label={t(starred ? 'favouriteRemove' : 'favouriteAdd', { pair: r.label })}
          // Focus stays in the search field (the combobox): a press on the star takes none.
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            onStar();
          }}
        >
          <StarIcon />
        </button>
      </span>
      <span role="gridcell" className="search-option-cell">
        <a {...link} href={r.href} data-testid="search-result" data-kind={kind} data-symbol={r.symbol}>
          <CoinIcon
            key={r.icon ?? r.symbol}
            src={versionedIconSrc(r.icon, base ?? r.label, coinIconVersionWhitelist)}
            symbol={base ?? r.label}
          />
          <span className="search-option-name">
            <span className="search-option-pair" dir="ltr">
              <span dir="auto">{base}</span>
              {quote && <span className="search-option-quote">/{quote}</span>}
              {r.leverage > 0 && <span className="badge badge-lev">{r.leverage}x</span>}
            </span>
            <span className="search-option-sub" dir="auto">
              {r.sub}
            </span>
          </span>
          <span className="search-option-last num">{r.price}</span>
          <span className={`search-option-change num ${trendClass(r.trend)}`}>{r.change}</span>
        </a>
      </span>
    </div>
  );
}
