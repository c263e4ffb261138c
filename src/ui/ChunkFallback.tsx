/**
 * What a popover, panel or dialog shows while its code chunk is on its way (a spinner and "Loading") or after the
 * load failed ("Couldn't load" and a retry button; the next hover or focus retries too). SPEC §8: a slow or failed
 * chunk never leaves a blank or broken header. `minHeight` (px) reserves the loaded content's height.
 */
import { useTranslation } from '../i18n/react.tsx';
import type { ChunkFallbackProps } from '../lib/lazy-intent.tsx';

/** The loading or failed line. `data-testid="chunk-loading"` / `"chunk-failed"`. */
export function ChunkFallback({ status, retry, minHeight }: ChunkFallbackProps & { minHeight?: number }) {
  const { t } = useTranslation();
  const failed = status === 'failed';
  return (
    <div
      className="chunk-fallback"
      data-testid={failed ? 'chunk-failed' : 'chunk-loading'}
      role="status"
      aria-busy={!failed}
      style={minHeight ? { minHeight } : undefined}
    >
      {failed ? (
        <>
          <span>{t('loadFailed')}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={retry}>
            {t('retry')}
          </button>
        </>
      ) : (
        <>
          <span className="chunk-spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </>
      )}
    </div>
  );
}

/** `fallback` render prop for an intent-loaded component: the loading or failed line. */
export const chunkFallback = (state: ChunkFallbackProps) => <ChunkFallback {...state} />;
