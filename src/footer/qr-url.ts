/** The app-download page's absolute URL (SPEC §2 footer QR code). Pure; apart from ./qr.ts so it needs no qrcode. */
import { withLangPrefix } from '../../common/domain/route.ts';

/** The absolute app-download URL for a page origin and language prefix (`https://host/zh/mobileapp`). */
export function mobileAppUrl(origin: string, langPrefix: string): string {
  return `${origin}${withLangPrefix(langPrefix, '/mobileapp')}`;
}
