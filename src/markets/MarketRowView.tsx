/**
 * One market row (SPEC §3 rows, §9 58 px height): icon, BASE/QUOTE (upper-cased by the engine), leverage and ST
 * badges, last price, change % coloured by the rise-colour preference, 24h volume. A real link (`<a href>`).
 */
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MarketKind, MarketRow } from '../../workers/market/contract.ts';
import { intlLocale } from '../../common/domain/locales.ts';
import { formatChange, formatVolume } from '../lib/format.ts';
import { useDisplayPriceFormatter, type PriceFormatter } from '../settings/use-display-price.ts';
import { siteState } from '../state/site.ts';
import { CoinIcon } from '../ui/CoinIcon.tsx';

/** What every row of a list shares: locale, price formatter, badge labels. One object per list render context. */
export interface RowDisplay {
  /** BCP 47 tag for Intl. */
  locale: string;
  price: PriceFormatter;
  labels: { st: string; upcoming: string; isNew: string; hot: string };
}

/** The list-level display context (one i18n and store subscription for all rows). */
export function useRowDisplay(): RowDisplay {
  const { t } = useTranslation('markets');
  const { locale: uiLocale } = useSnapshot(siteState);
  const locale = intlLocale(uiLocale);
  const price = useDisplayPriceFormatter(locale);
  return useMemo(
    () => ({
      locale,
      price,
      labels: { st: t('stTitle'), upcoming: t('upcoming'), isNew: t('new'), hot: t('hot') },
    }),
    [locale, price, t],
  );
}

/** Trend class for a change: rise, fall or flat (colour comes from the rise-colour preference in CSS). */
export function trendOf(pct: number | null): 'rise' | 'fall' | 'flat' {
  if (pct === null || pct === 0) return 'flat';
  return pct > 0 ? 'rise' : 'fall';
}

/** A row; memoised on the row object and the list's display context (no hooks: cheap to re-render). */
export const MarketRowView = memo(function MarketRowView({
  row,
  kind,
  display,
}: {
  row: MarketRow;
  kind: MarketKind;
  display: RowDisplay;
}) {
  const { locale, labels } = display;
  // Fiat prices when the user chose a fiat (SPEC §4 fiat prices), else the row's own price.
  const price = display.price(row.last, row.lastUsdt);
  const [base, quote] = row.label.includes('/') ? row.label.split('/') : [row.label, ''];
  return (
    <a
      className="market-row"
      href={row.href}
      data-testid="market-row"
      data-symbol={row.symbol}
      role="listitem"
    >
      <CoinIcon key={row.icon ?? row.symbol} src={row.icon} symbol={base ?? row.label} />
      <span className="market-row-name">
        {/* A pair reads BASE/QUOTE left to right in every locale (in Arabic it would show as USDT/ BTC). */}
        <span className="market-row-pair" dir="ltr">
          <span className="market-row-base" dir="auto">
            {base}
          </span>
          {quote && <span className="market-row-quote">/{quote}</span>}
          {row.leverage > 0 && <span className="badge badge-lev">{row.leverage}x</span>}
          {row.isST && (
            <span className="badge badge-st" title={labels.st}>
              ST
            </span>
          )}
          {row.upcoming && <span className="badge badge-new">{labels.upcoming}</span>}
          {!row.upcoming && row.isNew && kind !== 'spot' && (
            <span className="badge badge-new">{labels.isNew}</span>
          )}
          {row.hot && <span className="badge badge-hot">{labels.hot}</span>}
        </span>
        <span className="market-row-sub" dir="auto">
          {row.sub}
        </span>
      </span>
      <span className="market-row-last num">{price}</span>
      <span className={`market-row-change num trend-${trendOf(row.changePct)}`}>
        {formatChange(row.changePct, locale)}
      </span>
      <span className="market-row-volume num">{formatVolume(row.volumeUsdt, locale)}</span>
    </a>
  );
});

/** Placeholder row while a window is on its way. */
export function SkeletonRow() {
  return (
    <div className="market-row market-row-skeleton" aria-hidden="true">
      <span className="skeleton skeleton-icon" />
      <span className="skeleton skeleton-text" />
      <span className="skeleton skeleton-num" />
      <span className="skeleton skeleton-num" />
      <span className="skeleton skeleton-num" />
    </div>
  );
}
