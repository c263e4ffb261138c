/**
 * 'More' menu: community and info (SPEC §2 'Community and info'), as four groups. Items are title-only (no
 * descriptions) so the columns stay compact.
 */
import { path } from './link.ts';
import type { MenuItem, TopMenu } from './types.ts';

function item(key: string, p: string, icon: MenuItem['icon'], badge?: MenuItem['badge']): MenuItem {
  return { key, titleKey: `more.${key}`, link: path(p), icon, badge };
}

/** More menu. */
export const MORE_MENU: TopMenu = {
  key: 'more',
  testId: 'nav-more',
  titleKey: 'more.title',
  items: [
    {
      key: 'group-community',
      titleKey: 'more.groupCommunity',
      icon: 'post',
      children: [
        item('post', '/post', 'post'),
        item('live', '/live', 'live', 'hot'),
        item('live-news', '/live-news', 'news'),
        item('announcements', '/announcements', 'megaphone'),
        item('calendar', '/calendar', 'calendar'),
        item('blog', '/blog', 'blog'),
        item('upcoming-event', '/upcoming-event', 'calendar'),
        item('brand-partnerships', '/brand-partnerships', 'partner'),
        item('competition', '/competition/center', 'trophy'),
        item('wctc', '/competition/wctc/s7', 'trophy', 'new'),
      ],
    },
    {
      key: 'group-learn',
      titleKey: 'more.groupLearn',
      icon: 'learn',
      children: [
        item('learn', '/learn', 'learn'),
        item('help', '/help', 'help'),
        item('bitwiki', '/bitwiki', 'wiki'),
        item('price', '/price', 'chart'),
        item('hot-news', '/hot_news', 'news'),
        item('eth-upgrade', '/ethereum-upgrade-hard-forks', 'guide'),
        item('halving', '/explore/bitcoin-halving-countdown', 'clock'),
        item('fee', '/fee', 'fee'),
        item('rank', '/rank', 'rank'),
        item('officialverify', '/officialverify', 'verify'),
      ],
    },
    {
      key: 'group-services',
      titleKey: 'more.groupServices',
      icon: 'vip',
      children: [
        item('vip', '/vip', 'vip'),
        item('institution', '/institution', 'institution'),
        item('proof-of-reserves', '/proof-of-reserves', 'shield'),
        item('referral', '/referral', 'referral'),
        item('affiliate', '/referral/affiliate', 'partner'),
        item('rewards-hub', '/rewards_hub', 'gift', 'hot'),
        item('shop', '/shop', 'shop'),
        item('mobileapp', '/mobileapp', 'mobile'),
      ],
    },
    {
      key: 'group-ecosystem',
      titleKey: 'more.groupEcosystem',
      icon: 'web3',
      children: [
        item('gt', '/gt', 'coin'),
        item('usdg', '/usdg', 'coin'),
        item('web3', '/web3', 'web3'),
        item('nft', '/nft', 'nft'),
        item('crosschain', '/crosschain', 'convert'),
        item('listing', '/listing', 'listing'),
        item('grants', '/grants', 'gift'),
        item('developers', '/developers', 'code'),
      ],
    },
  ],
};
