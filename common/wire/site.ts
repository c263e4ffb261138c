/**
 * Site calls' answers (SPEC §3 'Common site data', menu data, compliance check; SPEC §7 fiat market rates), each
 * declared once as a zod schema with its inferred type. The reference server produces these types; the main thread
 * validates with the schemas (missing or odd fields take the SPEC defaults, SPEC §8). Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';
import {
  flag,
  nonEmptyText,
  numberRecord,
  numeric,
  objectOf,
  text,
  textList,
  textRecord,
} from './lenient.ts';

/** Fiat code → `{fiat, symbol}`; entries without a string `fiat` are dropped, a missing symbol is the code. */
const fiatList = objectOf((v) => {
  const out: Record<string, { fiat: string; symbol: string }> = {};
  for (const [code, entry] of Object.entries(v)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { fiat, symbol } = entry as { fiat?: unknown; symbol?: unknown };
    if (typeof fiat === 'string') out[code] = { fiat, symbol: typeof symbol === 'string' ? symbol : fiat };
  }
  return out;
});

const CommonSiteFields = z.object({
  /** Locale code → its own name, capitalised (`es` → `Español`). */
  lang_list: textRecord,
  fiat_list: fiatList,
  lang_prefix: text(),
  sub_website_id: numeric(0),
  /** SPEC §1 second site parameter: Turkey 2, Malta 3, else 0. */
  site: numeric(0),
  isLogin: flag,
  is_service_host: flag,
  /** Default USD (SPEC §3). */
  curr_fiat: nonEmptyText('USD'),
  currency_count: numeric(0),
  /** Default: curr_fiat. */
  defaultBuyCryptoFiat: text(),
  defaultP2PFiat: text(),
  /** Fiat per 1 USDT. */
  curr_fiat_market_rates: numberRecord,
  is_copper: flag,
  is_phone: flag,
  isUKLimit: flag,
  isItalyLimit: flag,
  isBrazilToast: flag,
  isNlLimit: flag,
  isHKUser: flag,
  isLTWToast: flag,
  isUzbekistanToast: flag,
  isWithdrawOnlyUser: flag,
  kyc_toast: flag,
  limitCountryUserStatus: numeric(0),
  isShowComplianceTips: flag,
  isBlockedCountry: flag,
});

/** Common site data (SPEC §3), GET SITE_API.commonData. Parsing `{}` gives the SPEC defaults. */
export const CommonSiteData = z.pipe(
  CommonSiteFields,
  z.transform((d) => ({
    ...d,
    defaultBuyCryptoFiat: d.defaultBuyCryptoFiat || d.curr_fiat,
    defaultP2PFiat: d.defaultP2PFiat || d.curr_fiat,
  })),
);
export type CommonSiteData = z.infer<typeof CommonSiteData>;

/** Menu data, GET SITE_API.menuData: the business list and the NFT flag ('1' hides the NFT link, SPEC §6). */
export const MenuData = z.object({ business_list: textList, nft_flag: text('0') });
export type MenuData = z.infer<typeof MenuData>;

/**
 * Compliance check, GET SITE_API.compliance: hidden-feature keys and the Turkey limit. `menu_list` must be an array
 * (else the answer is invalid and the caller falls back to `[]`); its non-string entries are dropped.
 */
export const ComplianceResult = z.object({
  menu_list: z.pipe(
    z.array(z.unknown()),
    z.transform((list) => list.filter((x): x is string => typeof x === 'string')),
  ),
  limit: z.catch(z.object({ is_tr: flag }), { is_tr: false }),
});
export type ComplianceResult = z.infer<typeof ComplianceResult>;

/**
 * Fiat market rates (SPEC §7), GET SITE_API.fiatRates: `{USD: 1, EUR: 0.9705, …}`, fiat per 1 USDT. Entries other
 * than a 3-letter upper-case code with a positive finite number are dropped; a non-object is invalid.
 */
export const FiatRates = z.pipe(
  z.record(z.string(), z.unknown()),
  z.transform((data): Readonly<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const [key, value] of Object.entries(data)) {
      // Number.isFinite is false for anything but a finite number, so `value` is one past it.
      if (/^[A-Z]{3}$/.test(key) && Number.isFinite(value) && (value as number) > 0)
        out[key] = value as number;
    }
    return out;
  }),
);
export type FiatRates = z.infer<typeof FiatRates>;
