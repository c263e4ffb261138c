/** Schema chunk of the header extras' calls (src/api/wire.ts `headerWire`). */
export { dataOr } from '../parse.ts';
export { SwitchAccounts } from '../../../common/wire/header.ts';
