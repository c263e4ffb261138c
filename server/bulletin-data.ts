/**
 * Reference data of the site-wide announcement (SPEC §3 'Announcement', §2 'Announcement banner on page /'): one
 * notice for the home page key, in every UI locale, about the newest real listing of the spot snapshot. `content`
 * is limited inline HTML (`<b>`, `<a href>`), as an operator's CMS would send it; the client sanitises it. Pure.
 */
import { HOME_PAGE_KEY } from '../common/domain/announcement.ts';
import type { Locale } from '../common/domain/locales.ts';
import { ownGet } from '../common/own.ts';
import type { Announcement } from '../common/wire/messages.ts';
import type { MarketData } from './market-data.ts';

/** `{coin}` and `{pair}` are filled in; `{link}` is the trade page of the pair. */
const TEXT: Record<Locale, string> = {
  en: '<b>New listing:</b> {coin} ({pair}) spot trading is open, with zero maker fees for 7 days. <a href="{link}">Trade now</a>',
  zh: '<b>新币上线：</b>{coin}（{pair}）现货交易已开放，前 7 天挂单零手续费。<a href="{link}">立即交易</a>',
  'zh-tw': '<b>新幣上線：</b>{coin}（{pair}）現貨交易已開放，前 7 天掛單零手續費。<a href="{link}">立即交易</a>',
  vi: '<b>Niêm yết mới:</b> giao dịch giao ngay {coin} ({pair}) đã mở, miễn phí maker trong 7 ngày. <a href="{link}">Giao dịch ngay</a>',
  es: '<b>Nuevo listado:</b> ya se puede operar {coin} ({pair}) en spot, sin comisiones maker durante 7 días. <a href="{link}">Operar ahora</a>',
  ru: '<b>Новый листинг:</b> спотовая торговля {coin} ({pair}) открыта, 7 дней без комиссии мейкера. <a href="{link}">Торговать</a>',
  fr: '<b>Nouvelle cotation :</b> le trading spot de {coin} ({pair}) est ouvert, sans frais maker pendant 7 jours. <a href="{link}">Trader</a>',
  de: '<b>Neues Listing:</b> Der Spot-Handel mit {coin} ({pair}) ist eröffnet, 7 Tage ohne Maker-Gebühren. <a href="{link}">Jetzt handeln</a>',
  pt: '<b>Nova listagem:</b> a negociação spot de {coin} ({pair}) está aberta, sem comissões maker durante 7 dias. <a href="{link}">Negociar agora</a>',
  'pt-br': '<b>Nova listagem:</b> a negociação spot de {coin} ({pair}) está aberta, com taxa maker zero por 7 dias. <a href="{link}">Negociar agora</a>',
  th: '<b>เหรียญใหม่:</b> เปิดเทรดสปอต {coin} ({pair}) แล้ว ไม่มีค่าธรรมเนียมเมกเกอร์ 7 วัน <a href="{link}">เทรดเลย</a>',
  id: '<b>Listing baru:</b> perdagangan spot {coin} ({pair}) telah dibuka, tanpa biaya maker selama 7 hari. <a href="{link}">Trading sekarang</a>',
  tr: '<b>Yeni listeleme:</b> {coin} ({pair}) spot işlemleri açıldı, 7 gün boyunca sıfır maker komisyonu. <a href="{link}">Hemen işlem yap</a>',
  ja: '<b>新規上場：</b>{coin}（{pair}）の現物取引を開始しました。7 日間メイカー手数料無料。<a href="{link}">今すぐ取引</a>',
  ar: '<b>إدراج جديد:</b> تداول {coin} ({pair}) الفوري متاح الآن، بدون رسوم صانع السوق لمدة 7 أيام. <a href="{link}">تداول الآن</a>',
  uk: '<b>Новий лістинг:</b> спотова торгівля {coin} ({pair}) відкрита, 7 днів без комісії мейкера. <a href="{link}">Торгувати</a>',
}; // prettier-ignore

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The newest listed (already open) USDT pair of the snapshot, else the most traded one. */
function newestListing(data: MarketData): { pair: string; coin: string } {
  const nowS = data.loadedAt / 1000;
  const usdt = data.spot.filter((r) => r.pair.toUpperCase().endsWith('_USDT'));
  const listed = usdt
    .filter((r) => r.opening_time > 0 && r.opening_time <= nowS)
    .sort((a, b) => b.opening_time - a.opening_time)[0];
  const row = listed ?? [...usdt].sort((a, b) => Number(b.volume) - Number(a.volume))[0];
  if (!row) throw new Error('bulletin data: the spot snapshot has no USDT pair');
  return { pair: row.pair.toUpperCase(), coin: row.name };
}

/**
 * The announcement for `pageKey` in `locale`, or null for a page without one. `content_id` is stable for a given
 * snapshot (it names the listing), so a dismissed notice stays dismissed across server restarts.
 */
export function announcementFor(data: MarketData, pageKey: string, locale: Locale): Announcement | null {
  if (pageKey !== HOME_PAGE_KEY) return null;
  const { pair, coin } = newestListing(data);
  const content = (ownGet(TEXT, locale) ?? TEXT.en)
    .replaceAll('{coin}', escapeHtml(coin))
    .replaceAll('{pair}', pair.replace('_', '/'))
    .replaceAll('{link}', `/trade/${pair}`);
  return { content_id: `listing-${pair.toLowerCase()}`, content, link: '/announcements' };
}
