// The announcement's HTML is sanitised once on arrival, in an idle slice, outside React render
// (src/announcement/use-announcement.ts; SPEC §3 'Announcement', §8: no bar when anything fails).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fetchAnnouncement = vi.fn();
const sanitizeAnnouncement = vi.fn();
vi.mock('../../src/api/messages.ts', () => ({
  fetchAnnouncement: (...a: unknown[]) => fetchAnnouncement(...a),
}));
vi.mock('../../src/announcement/sanitize.ts', () => ({
  sanitizeAnnouncement: (...a: unknown[]) => sanitizeAnnouncement(...a),
}));

const { loadAnnouncement } = await import('../../src/announcement/use-announcement.ts');
const { setAnnouncementSeed, isSeededAnnouncement } = await import('../../src/state/announcement-seed.ts');
const bulletin = { content_id: 'c1', content: '<b>Hi</b><script>x()</script>', link: '/announcements' };

describe('loadAnnouncement', () => {
  const idle: Array<() => void> = [];
  beforeEach(() => {
    setAnnouncementSeed(null, 'en', undefined);
    fetchAnnouncement.mockReset();
    sanitizeAnnouncement.mockReset();
    idle.length = 0;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  });

  it('sanitises the content once, for the language prefix, in an idle slice', async () => {
    fetchAnnouncement.mockResolvedValue(bulletin);
    sanitizeAnnouncement.mockReturnValue('<b>Hi</b>');
    const result = loadAnnouncement('home', 'ar', '/ar');
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(sanitizeAnnouncement).not.toHaveBeenCalled();
    idle[0]!();
    await expect(result).resolves.toEqual({ ...bulletin, html: '<b>Hi</b>' });
    expect(fetchAnnouncement).toHaveBeenCalledWith('home', 'ar');
    expect(sanitizeAnnouncement).toHaveBeenCalledTimes(1);
    expect(sanitizeAnnouncement).toHaveBeenCalledWith(bulletin.content, '/ar');
  });

  it('is null without an announcement, and loads no sanitiser', async () => {
    fetchAnnouncement.mockResolvedValue(null);
    await expect(loadAnnouncement('home', 'en', '')).resolves.toBeNull();
    expect(sanitizeAnnouncement).not.toHaveBeenCalled();
  });

  it('is null when sanitising leaves nothing (no DOM support)', async () => {
    fetchAnnouncement.mockResolvedValue(bulletin);
    sanitizeAnnouncement.mockReturnValue('');
    const result = loadAnnouncement('home', 'en', '');
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]!();
    await expect(result).resolves.toBeNull();
  });

  it('is null (logged) when the sanitiser fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchAnnouncement.mockResolvedValue(bulletin);
    sanitizeAnnouncement.mockImplementation(() => {
      throw new Error('no DOM');
    });
    const result = loadAnnouncement('home', 'en', '');
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]!();
    await expect(result).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('uses the announcement the server embedded for the same page key and locale, without a call', async () => {
    setAnnouncementSeed('home', 'ar', bulletin);
    sanitizeAnnouncement.mockReturnValue('<b>Hi</b>');
    const result = loadAnnouncement('home', 'ar', '/ar');
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]!();
    await expect(result).resolves.toEqual({ ...bulletin, html: '<b>Hi</b>' });
    expect(fetchAnnouncement).not.toHaveBeenCalled();
    expect(sanitizeAnnouncement).toHaveBeenCalledWith(bulletin.content, '/ar');
  });

  it('takes an embedded "none" as none, and fetches for another locale or key', async () => {
    setAnnouncementSeed('home', 'en', null);
    await expect(loadAnnouncement('home', 'en', '')).resolves.toBeNull();
    expect(fetchAnnouncement).not.toHaveBeenCalled();
    fetchAnnouncement.mockResolvedValue(null);
    await expect(loadAnnouncement('home', 'de', '/de')).resolves.toBeNull();
    expect(fetchAnnouncement).toHaveBeenCalledWith('home', 'de');
  });

  it('accepts only the embedded shapes the server writes', () => {
    expect(isSeededAnnouncement(undefined)).toBe(true);
    expect(isSeededAnnouncement(null)).toBe(true);
    expect(isSeededAnnouncement(bulletin)).toBe(true);
    expect(isSeededAnnouncement('x')).toBe(false);
    expect(isSeededAnnouncement({ content_id: 'c', content: 1, link: '' })).toBe(false);
    expect(isSeededAnnouncement({ content_id: 'c', content: 'x' })).toBe(false);
  });
});
