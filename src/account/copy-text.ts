/**
 * Copies text to the clipboard (UID copy, SPEC §8 'Copied successfully'): the async Clipboard API, given at most
 * COPY_TIMEOUT_MS (SPEC §9) before falling back to a hidden textarea and `execCommand('copy')`. Never throws.
 */

/** SPEC §9 clipboard copy time-out, ms. */
export const COPY_TIMEOUT_MS = 500;

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** True when the text reached the clipboard by either path. */
export async function copyText(text: string, timeoutMs = COPY_TIMEOUT_MS): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      const ok = await Promise.race([navigator.clipboard.writeText(text).then(() => true), timeout]);
      if (ok) return true;
    } catch {
      // permission denied or insecure context: fall through
    } finally {
      clearTimeout(timer);
    }
  }
  return legacyCopy(text);
}
