/** The schema layer's chunk (src/api/wire.ts): answer validation and the wire schemas of the app's calls. */
export { dataOr } from './parse.ts';
export { parseEnvelope } from '../../common/wire/envelope.ts';
export { FiatSettingList } from '../../common/wire/buy.ts';
export { SwitchAccounts } from '../../common/wire/header.ts';
export { Bulletin, NoticeRecord, parseNoticeList } from '../../common/wire/messages.ts';
export { CommonSiteData, ComplianceResult, FiatRates, MenuData } from '../../common/wire/site.ts';
export { AccountMode, CrossMarginInfo, DemoLoginResult, UserInfo } from '../../common/wire/user.ts';
