/**
 * Logged-in menus (SPEC §2 'Funds', 'Orders', 'Profile'): wallet dropdown, order dropdown, personal centre and the
 * fund-wallet drawer's deposit methods. Which of them show is the policy's decision (src/policy/), not this file's.
 */
import { fiatFundsLink, fiatLink, p2pOrdersLink, path } from './link.ts';
import type { MenuItem, TopMenu } from './types.ts';
import { PROFILE_PATH } from '../account/profile-path.ts';

/**
 * Wallet dropdown (nav-assets): the fund accounts, plus the fiat deposit and withdraw (Japan's are `/JPY`) and the
 * plain internal transfer (SPEC §2 Funds) beside the quick actions below. The fiat deposit is here as well as in the
 * fund drawer because the drawer is the main site's only (SPEC §6): off it, this is where a user reaches it.
 */
export const FUNDS_MENU: TopMenu = {
  key: 'funds',
  testId: 'nav-assets',
  titleKey: 'funds.title',
  items: [
    { key: 'funds-overview', titleKey: 'funds.overview', link: path('/myaccount/myfunds'), icon: 'wallet' },
    { key: 'funds-deposit-fiat', titleKey: 'deposit.fiat', link: fiatFundsLink('/myaccount/deposit_fiat'), icon: 'bank' },
    { key: 'withdraw-fiat', titleKey: 'funds.withdrawFiat', link: fiatFundsLink('/myaccount/withdraw_fiat'), icon: 'bank' },
    { key: 'transfer-internal', titleKey: 'funds.transfer', link: path('/myaccount/withdraw_internal/USDT'), icon: 'transfer' },
    { key: 'funds-unified', titleKey: 'funds.unified', link: path('/unified-trading-account'), icon: 'unified' },
    { key: 'funds-spot', titleKey: 'funds.spot', link: path('/myaccount/myfunds/spot'), icon: 'spot' },
    { key: 'funds-futures', titleKey: 'funds.futures', link: path('/myaccount/myfunds/futures'), icon: 'futures' },
    { key: 'funds-margin', titleKey: 'funds.margin', link: path('/myaccount/myfunds/margin'), icon: 'margin' },
    { key: 'funds-options', titleKey: 'funds.options', link: path('/myaccount/myfunds/short_term_options'), icon: 'options' },
    { key: 'funds-cross-margin', titleKey: 'funds.crossMargin', link: path('/myaccount/myfunds/cross_margin'), icon: 'unified' },
    { key: 'funds-quant', titleKey: 'funds.quant', link: path('/myaccount/myfunds/quantitative'), icon: 'bot' },
    { key: 'funds-earn', titleKey: 'funds.earn', link: path('/myaccount/myfunds/financial_staking'), icon: 'earn' },
    { key: 'funds-payment', titleKey: 'funds.payment', link: path('/myaccount/myfunds/payment'), icon: 'card' },
    { key: 'funds-pilot', titleKey: 'funds.pilot', link: path('/myaccount/funds/pilot'), icon: 'pilot' },
    { key: 'funds-bot', titleKey: 'funds.bot', link: path('/myaccount/funds/bot-account'), icon: 'bot' },
    { key: 'funds-history', titleKey: 'funds.history', link: path('/myaccount/mypurselog'), icon: 'history' },
    { key: 'funds-statement', titleKey: 'funds.statement', link: path('/myaccount/account_statement'), icon: 'statement' },
    { key: 'funds-proof', titleKey: 'funds.proof', link: path('/myaccount/myavailableproof'), icon: 'shield' },
    { key: 'funds-points', titleKey: 'funds.points', link: path('/myaccount/point_manage'), icon: 'gift' },
  ],
}; // prettier-ignore

/** Quick actions at the top of the wallet dropdown (crypto withdraw, send); deposit is the drawer button. */
export const FUNDS_ACTIONS: readonly MenuItem[] = [
  { key: 'withdraw', titleKey: 'funds.withdraw', link: path('/myaccount/withdraw/USDT'), icon: 'withdraw' },
  { key: 'transfer', titleKey: 'funds.send', link: path('/myaccount/withdraw_internal/USDT?type=send'), icon: 'transfer' },
]; // prettier-ignore

/**
 * Order dropdown (nav-orders). `orders-futures` is the untyped history; in unified mode with an open futures contract
 * the policy shows the typed `orders-futures-usdt` / `orders-futures-btc` instead (SPEC §4).
 */
export const ORDERS_MENU: TopMenu = {
  key: 'orders',
  testId: 'nav-orders',
  titleKey: 'orders.title',
  items: [
    { key: 'orders-spot', titleKey: 'orders.spot', link: path('/myaccount/myorders'), icon: 'spot' },
    { key: 'orders-futures', titleKey: 'orders.futures', link: path('/myaccount/futures_trade/order_history'), icon: 'futures' },
    { key: 'orders-futures-usdt', titleKey: 'orders.futuresUsdt', link: path('/myaccount/futures_trade?type=usdt'), icon: 'futures' },
    { key: 'orders-futures-btc', titleKey: 'orders.futuresBtc', link: path('/myaccount/futures_trade?type=btc'), icon: 'coin' },
    { key: 'orders-delivery', titleKey: 'orders.delivery', link: path('/myaccount/futures_delivery/order_history'), icon: 'delivery' },
    { key: 'orders-margin', titleKey: 'orders.margin', link: path('/myaccount/margin'), icon: 'margin' },
    { key: 'orders-cross-margin', titleKey: 'orders.crossMargin', link: path('/myaccount/cross_margin'), icon: 'unified' },
    { key: 'orders-pilot', titleKey: 'orders.pilot', link: path('/myaccount/order/pilot'), icon: 'pilot' },
    { key: 'orders-p2p', titleKey: 'orders.p2p', link: p2pOrdersLink(), icon: 'p2p' },
    { key: 'orders-convert', titleKey: 'orders.convert', link: path('/myaccount/convert'), icon: 'convert' },
    { key: 'orders-earn', titleKey: 'orders.earn', link: path('/myaccount/finance/lock_earn'), icon: 'earn' },
    { key: 'orders-payment', titleKey: 'orders.payment', link: path('/myaccount/payment_bills'), icon: 'card' },
    { key: 'orders-bots', titleKey: 'orders.bots', link: path('/strategybot'), icon: 'bot' },
  ],
}; // prettier-ignore

/** The profile page (SPEC §2 Profile '/myaccount/profile (also avatar click)'): the first entry, and the avatar's link. */
export const PROFILE_INFO: MenuItem = {
  key: 'profile-info',
  titleKey: 'profile.info',
  link: path(PROFILE_PATH),
  icon: 'user',
};

/** Personal-centre entries (nav-profile), below the profile summary. */
export const PROFILE_MENU: TopMenu = {
  key: 'profile',
  testId: 'nav-profile',
  titleKey: 'profile.title',
  items: [
    PROFILE_INFO,
    { key: 'profile-kyc', titleKey: 'profile.kyc', link: path('/myaccount/kyc_home'), icon: 'kyc' },
    { key: 'profile-security', titleKey: 'profile.security', link: path('/myaccount/security-setting'), icon: 'lock' },
    { key: 'profile-coupons', titleKey: 'profile.coupons', link: path('/myaccount/coupon_center'), icon: 'coupon' },
    { key: 'profile-referral', titleKey: 'profile.referral', link: path('/referral'), icon: 'referral' },
    { key: 'profile-api', titleKey: 'profile.api', link: path('/myaccount/api_key_manage'), icon: 'api' },
    { key: 'profile-sub-accounts', titleKey: 'profile.subAccounts', link: path('/myaccount/sub_account_manage'), icon: 'users' },
    { key: 'profile-tickets', titleKey: 'profile.tickets', link: path('/myaccount/tickets'), icon: 'ticket' },
    { key: 'profile-support', titleKey: 'profile.support', link: path('/groupchat/service?platform=web'), icon: 'chat' },
    { key: 'profile-reminder-settings', titleKey: 'profile.reminderSettings', link: path('/reminder/config'), icon: 'bell' },
  ],
}; // prettier-ignore

/** Fund-wallet drawer: deposit methods (SPEC §2 Funds; Japan's fiat deposit is `/JPY`). */
export const DEPOSIT_METHODS: readonly MenuItem[] = [
  { key: 'deposit-onchain', titleKey: 'deposit.onchain', descKey: 'deposit.onchainDesc', link: path('/myaccount/deposit/USDT'), icon: 'deposit' },
  { key: 'deposit-code', titleKey: 'deposit.code', descKey: 'deposit.codeDesc', link: path('/myaccount/deposit_gatecode'), icon: 'code' },
  { key: 'deposit-fiat', titleKey: 'deposit.fiat', descKey: 'deposit.fiatDesc', link: fiatFundsLink('/myaccount/deposit_fiat'), icon: 'bank' },
  { key: 'deposit-buy', titleKey: 'deposit.buy', descKey: 'deposit.buyDesc', link: fiatLink((f) => `/crypto/buy?crypto=USDT&fiat=${f}`), icon: 'card' },
  { key: 'deposit-p2p', titleKey: 'deposit.p2p', descKey: 'deposit.p2pDesc', link: fiatLink((f) => `/c2c/market?fiat=${f}`, true), icon: 'p2p' },
]; // prettier-ignore
