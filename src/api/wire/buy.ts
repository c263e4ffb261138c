/** Schema chunk of the pay-with picker's call (src/api/wire.ts `buyWire`). */
export { dataOr } from '../parse.ts';
export { FiatSettingList } from '../../../common/wire/buy.ts';
