/**
 * Tab names of the market panels in the 16 UI locales (SPEC §3, §7 /apiw/v2/common/tabs). Keys that are currency
 * codes (USDT, BTC, TRY…) or venue names (Pump, Raydium, Meteora) are not translated.
 */
import type { Locale } from '../../common/domain/locales.ts';
import { ownGet } from '../../common/own.ts';

type Labels = Record<Locale, string>;

const ALL: Labels = {
  en: 'All',
  zh: '全部',
  'zh-tw': '全部',
  vi: 'Tất cả',
  es: 'Todos',
  ru: 'Все',
  fr: 'Tout',
  de: 'Alle',
  pt: 'Todos',
  'pt-br': 'Todos',
  th: 'ทั้งหมด',
  id: 'Semua',
  tr: 'Tümü',
  ja: 'すべて',
  ar: 'الكل',
  uk: 'Усі',
};
const NEW_LISTINGS: Labels = {
  en: 'New Listings',
  zh: '新币上线',
  'zh-tw': '新幣上線',
  vi: 'Niêm yết mới',
  es: 'Nuevos listados',
  ru: 'Новые листинги',
  fr: 'Nouvelles cotations',
  de: 'Neue Listings',
  pt: 'Novas listagens',
  'pt-br': 'Novas listagens',
  th: 'เหรียญใหม่',
  id: 'Listing Baru',
  tr: 'Yeni Listelenenler',
  ja: '新規上場',
  ar: 'الإدراجات الجديدة',
  uk: 'Нові лістинги',
};
const LEVERAGED: Labels = {
  en: 'Leveraged Tokens',
  zh: '杠杆代币',
  'zh-tw': '槓桿代幣',
  vi: 'Token đòn bẩy',
  es: 'Tokens apalancados',
  ru: 'Токены с плечом',
  fr: 'Jetons à effet de levier',
  de: 'Gehebelte Token',
  pt: 'Tokens alavancados',
  'pt-br': 'Tokens alavancados',
  th: 'โทเคนเลเวอเรจ',
  id: 'Token Leverage',
  tr: 'Kaldıraçlı Tokenler',
  ja: 'レバレッジトークン',
  ar: 'الرموز ذات الرافعة المالية',
  uk: 'Токени з кредитним плечем',
};
const HOT: Labels = {
  en: 'Hot',
  zh: '热门',
  'zh-tw': '熱門',
  vi: 'Phổ biến',
  es: 'Populares',
  ru: 'Популярные',
  fr: 'Populaires',
  de: 'Beliebt',
  pt: 'Populares',
  'pt-br': 'Em alta',
  th: 'ยอดนิยม',
  id: 'Populer',
  tr: 'Popüler',
  ja: '人気',
  ar: 'الرائجة',
  uk: 'Популярні',
};
const NEW: Labels = {
  en: 'New',
  zh: '新币',
  'zh-tw': '新幣',
  vi: 'Mới',
  es: 'Nuevos',
  ru: 'Новые',
  fr: 'Nouveaux',
  de: 'Neu',
  pt: 'Novos',
  'pt-br': 'Novos',
  th: 'ใหม่',
  id: 'Baru',
  tr: 'Yeni',
  ja: '新規',
  ar: 'جديد',
  uk: 'Нові',
};
const MEME: Labels = {
  en: 'Meme',
  zh: 'Meme',
  'zh-tw': 'Meme',
  vi: 'Meme',
  es: 'Memes',
  ru: 'Мемы',
  fr: 'Mèmes',
  de: 'Memes',
  pt: 'Memes',
  'pt-br': 'Memes',
  th: 'มีม',
  id: 'Meme',
  tr: 'Meme',
  ja: 'ミーム',
  ar: 'ميم',
  uk: 'Меми',
};
const PRE_MINT: Labels = {
  en: 'Pre-Mint',
  zh: '预铸造',
  'zh-tw': '預鑄造',
  vi: 'Đúc trước',
  es: 'Preacuñación',
  ru: 'Пре-минт',
  fr: 'Pré-frappe',
  de: 'Vorab-Prägung',
  pt: 'Pré-cunhagem',
  'pt-br': 'Pré-cunhagem',
  th: 'พรีมินต์',
  id: 'Pra-Cetak',
  tr: 'Ön Basım',
  ja: 'プレミント',
  ar: 'ما قبل السك',
  uk: 'Пре-мінт',
};
const PRE_MARKET: Labels = {
  en: 'Pre-Market',
  zh: '盘前交易',
  'zh-tw': '盤前交易',
  vi: 'Giao dịch trước niêm yết',
  es: 'Premercado',
  ru: 'Премаркет',
  fr: 'Pré-marché',
  de: 'Vorbörse',
  pt: 'Pré-mercado',
  'pt-br': 'Pré-mercado',
  th: 'พรีมาร์เก็ต',
  id: 'Pra-Pasar',
  tr: 'Ön Piyasa',
  ja: 'プレマーケット',
  ar: 'ما قبل السوق',
  uk: 'Премаркет',
};

/** Translated tab keys (spot/futures keys are upper case, pilot/pre-market keys lower case, as rows carry them). */
export const TAB_LABELS: Readonly<Record<string, Labels>> = {
  ALL,
  NEWLISTED: NEW_LISTINGS,
  ETF: LEVERAGED,
  HOT,
  NEW,
  hot: HOT,
  new: NEW,
  meme: MEME,
  premint: PRE_MINT,
  pre_market: PRE_MARKET,
};

const PROPER_NAMES: Readonly<Record<string, string>> = {
  pump: 'Pump',
  raydium: 'Raydium',
  meteora: 'Meteora',
};

/** The tab name of `key` in `locale`: a translation, a venue name, or the key itself (currency codes). */
export function tabLabel(key: string, locale: Locale): string {
  return ownGet(TAB_LABELS, key)?.[locale] ?? ownGet(PROPER_NAMES, key) ?? key;
}
