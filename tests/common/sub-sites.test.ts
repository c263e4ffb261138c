// Sub-site home links (SPEC §1): common/domain/sub-sites.ts.
import { describe, expect, it } from 'vitest';
import { SUB_SITE, subSiteHomeHref } from '../../common/domain/sub-sites.ts';

describe('sub-site home links (SPEC §1)', () => {
  it('real hosts by label, local hosts by query', () => {
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'www.masthead.example')).toBe('https://tr.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'us.masthead.example')).toBe('https://tr.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.GLOBAL, 'tr.masthead.example')).toBe('https://www.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, '127.0.0.1:4301')).toBe('/?sub_website_id=177');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'localhost:5173')).toBe('/?sub_website_id=177');
  });
});
