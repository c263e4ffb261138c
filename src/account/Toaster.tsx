/** Renders the current toast (src/account/toast.ts) in a polite live region. */
import { useSnapshot } from 'valtio';
import { toastState } from './toast.ts';

/** Always mounted; shows the message while there is one. */
export function Toaster() {
  const { message, id } = useSnapshot(toastState);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message && (
        <div className="toast" key={id} data-testid="toast">
          {message}
        </div>
      )}
    </div>
  );
}
