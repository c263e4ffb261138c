/** Buy crypto and Earn menus (SPEC §2 'Buy crypto', 'Earn'). Fiat links carry the site data's default fiat. */
import { fiatLink, path } from './link.ts';
import type { TopMenu } from './types.ts';

/** Buy crypto menu. P2P hover children: the fiat's buy/sell pages. */
export const BUY_MENU: TopMenu = {
  key: 'buy',
  testId: 'nav-buy',
  titleKey: 'buy.title',
  items: [
    { key: 'buy-crypto', titleKey: 'buy.crypto', descKey: 'buy.cryptoDesc', link: path('/crypto'), icon: 'coin' },
    { key: 'buy-quick', titleKey: 'buy.quick', descKey: 'buy.quickDesc', link: fiatLink((f) => `/crypto/buy?crypto=USDT&fiat=${f}`), icon: 'buy' },
    { key: 'sale', titleKey: 'buy.sale', descKey: 'buy.saleDesc', link: path('/sale'), icon: 'buy' },
    { key: 'buy-card', titleKey: 'buy.card', descKey: 'buy.cardDesc', link: fiatLink((f) => `/crypto/buy/with-credit-card?method=card&fiat=${f}`), icon: 'card' },
    { key: 'buy-bank', titleKey: 'buy.bank', descKey: 'buy.bankDesc', link: fiatLink((f) => `/crypto/buy/with-bank-account?method=bank&fiat=${f}`), icon: 'bank' },
    {
      key: 'p2p', titleKey: 'buy.p2p', descKey: 'buy.p2pDesc', link: fiatLink((f) => `/c2c/market?fiat=${f}`, true), icon: 'p2p', badge: 'zeroFee',
      hoverChildren: [
        { key: 'p2p-buy', titleKey: 'buy.p2pBuy', link: fiatLink((f) => `/buy-sell/buy-${f.toLowerCase()}-usdt`, true), icon: 'deposit' },
        { key: 'p2p-sell', titleKey: 'buy.p2pSell', link: fiatLink((f) => `/buy-sell/sell-usdt-${f.toLowerCase()}`, true), icon: 'withdraw' },
      ],
    },
    { key: 'otc', titleKey: 'buy.otc', descKey: 'buy.otcDesc', link: path('/otc'), icon: 'otc' },
    { key: 'card', titleKey: 'buy.gateCard', descKey: 'buy.gateCardDesc', link: path('/card'), icon: 'card' },
    { key: 'buy-guide', titleKey: 'buy.guide', descKey: 'buy.guideDesc', link: path('/buy-sell-crypto'), icon: 'guide' },
  ],
}; // prettier-ignore

/** Earn menu. */
export const EARN_MENU: TopMenu = {
  key: 'earn',
  testId: 'nav-earn',
  titleKey: 'earn.title',
  items: [
    { key: 'simple-earn', titleKey: 'earn.simple', descKey: 'earn.simpleDesc', link: path('/simple-earn'), icon: 'earn', badge: 'highYield' },
    { key: 'staking', titleKey: 'earn.staking', descKey: 'earn.stakingDesc', link: path('/staking'), icon: 'staking' },
    { key: 'staking-gt', titleKey: 'earn.stakingGt', descKey: 'earn.stakingGtDesc', link: path('/staking/GT'), icon: 'staking' },
    { key: 'eth2', titleKey: 'earn.eth2', descKey: 'earn.eth2Desc', link: path('/eth2'), icon: 'staking' },
    { key: 'hodl', titleKey: 'earn.hodl', descKey: 'earn.hodlDesc', link: path('/hodl'), icon: 'earn' },
    { key: 'launchpool', titleKey: 'earn.launchpool', descKey: 'earn.launchpoolDesc', link: path('/launchpool'), icon: 'pool', badge: 'hot' },
    { key: 'hodler-airdrop', titleKey: 'earn.hodler', descKey: 'earn.hodlerDesc', link: path('/hodler-airdrop'), icon: 'airdrop', badge: 'new' },
    { key: 'candy-drop', titleKey: 'earn.candy', descKey: 'earn.candyDesc', link: path('/candy-drop'), icon: 'gift' },
    { key: 'launchpad', titleKey: 'earn.launchpad', descKey: 'earn.launchpadDesc', link: path('/launchpad'), icon: 'rocket' },
    { key: 'web3-airdrop', titleKey: 'earn.web3Airdrop', descKey: 'earn.web3AirdropDesc', link: path('/web3/airdrop'), icon: 'web3' },
    { key: 'structured', titleKey: 'earn.structured', descKey: 'earn.structuredDesc', link: path('/structured_financial/home'), icon: 'chart' },
    { key: 'dual', titleKey: 'earn.dual', descKey: 'earn.dualDesc', link: path('/dual-currency-investment'), icon: 'convert' },
    { key: 'auto-invest', titleKey: 'earn.auto', descKey: 'earn.autoDesc', link: path('/auto-investment'), icon: 'repeat' },
    { key: 'cryptoloan', titleKey: 'earn.loan', descKey: 'earn.loanDesc', link: path('/cryptoloan'), icon: 'loan' },
    { key: 'c2c-loan', titleKey: 'earn.c2cLoan', descKey: 'earn.c2cLoanDesc', link: path('/c2cloan/cny'), icon: 'p2p' },
    { key: 'quant-fund', titleKey: 'earn.quant', descKey: 'earn.quantDesc', link: path('/institution/quant-fund'), icon: 'bot' },
    { key: 'wealth', titleKey: 'earn.wealth', descKey: 'earn.wealthDesc', link: path('/institution/wealth'), icon: 'institution' },
  ],
}; // prettier-ignore
