/** Schema chunk of the site data the main thread loads on demand (src/api/wire.ts `siteWire`). */
export { dataOr } from '../parse.ts';
export { FiatRates } from '../../../common/wire/site.ts';
