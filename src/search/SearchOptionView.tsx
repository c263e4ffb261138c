/**
 * One option of the search listbox (SPEC §2 'Search modal'): a market result as a link (`search-result`, with
 * `data-kind` and `data-symbol`: icon, pair, sub-line, last price, change %), a recent term, or a list's 'more'
 * entry. Options are not focusable: focus stays in the combobox input, which points at the active one with
 * aria-activedescendant.
 */
import { useTranslation } from '../i18n/react.tsx';
import { formatChange, formatFiat, formatPrice } from '../lib/format.ts';
import { trendOf } from '../markets/trend.ts';
import { CoinIcon } from '../ui/CoinIcon.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import type { SearchOption } from './search-options.ts';
import { versionedIconSrc } from './icon-version.ts';

/** Props of {@link SearchOptionView}. */
export interface SearchOptionViewProps {
  option: SearchOption;
  /** DOM id (the listbox's id + the option key). */
  id: string;
  active: boolean;
  /** BCP 47 locale for numbers. */
  locale: string;
  /** Fiat for prices and its rate per USDT, or null for the rows' own quote prices. */
  fiat: { code: string; rate: number } | null;
  /** SPEC §7 coin icon version whitelist (SearchAppProps). */
  coinIconVersionWhitelist: readonly string[];
  /** Href of the 'more' entry (the list's page; the click opens the panel instead). */
  moreHref: string;
  onHover(): void;
  /** Called on click, before the browser follows a result link (recent terms, 'more'). */
  onPick(event: React.MouseEvent): void;
}

/** Renders the option. */
export function SearchOptionView({
  option,
  id,
  active,
  locale,
  fiat,
  coinIconVersionWhitelist,
  moreHref,
  onHover,
  onPick,
}: SearchOptionViewProps) {
  const { t } = useTranslation('search');
  const common = {
    id,
    role: 'option' as const,
    'aria-selected': active,
    tabIndex: -1,
    className: active ? 'search-option is-active' : 'search-option',
    onMouseMove: active ? undefined : onHover,
    onClick: onPick,
  };
  if (option.type === 'recent')
    return (
      <a {...common} href="#" data-testid="search-recent">
        <MenuIcon name="history" size={16} />
        <span className="search-option-label" dir="auto">
          {option.term}
        </span>
      </a>
    );
  if (option.type === 'favourite')
    return (
      <a
        {...common}
        href={option.pair.href}
        data-testid="search-favourite"
        data-symbol={option.pair.symbol}
        data-list={option.pair.list}
      >
        <svg className="search-favourite-star" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m12 3.2 2.7 5.5 6 .9-4.35 4.25 1.03 6-5.38-2.83-5.38 2.83 1.03-6L3.3 9.6l6-.9L12 3.2Z" />
        </svg>
        <span className="search-option-label" dir="ltr">
          {option.pair.label}
        </span>
      </a>
    );
  if (option.type === 'more')
    return (
      <a {...common} href={moreHref} data-testid="search-more" data-kind={option.kind}>
        <span className="search-option-label">
          {t('more', { total: option.total, list: t(`section.${option.kind}`) })}
        </span>
        <MenuIcon name="chevron-right" size={16} />
      </a>
    );
  const { row, kind } = option;
  const [base, quote] = row.label.includes('/') ? row.label.split('/') : [row.label, ''];
  const price =
    (fiat && formatFiat(row.lastUsdt, fiat.rate, fiat.code, locale)) || formatPrice(row.last, locale);
  return (
    <a {...common} href={row.href} data-testid="search-result" data-kind={kind} data-symbol={row.symbol}>
      <CoinIcon
        key={row.icon ?? row.symbol}
        src={versionedIconSrc(row.icon, base ?? row.label, coinIconVersionWhitelist)}
        symbol={base ?? row.label}
      />
      <span className="search-option-name">
        <span className="search-option-pair" dir="ltr">
          <span dir="auto">{base}</span>
          {quote && <span className="search-option-quote">/{quote}</span>}
          {row.leverage > 0 && <span className="badge badge-lev">{row.leverage}x</span>}
        </span>
        <span className="search-option-sub" dir="auto">
          {row.sub}
        </span>
      </span>
      <span className="search-option-last num">{price}</span>
      <span className={`search-option-change num trend-${trendOf(row.changePct)}`}>
        {formatChange(row.changePct, locale)}
      </span>
    </a>
  );
}
