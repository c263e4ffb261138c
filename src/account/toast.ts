/** A one-line toast (SPEC §8 'Copied successfully'): a valtio store and its show action. Rendered by Toaster. */
import { proxy } from 'valtio';

/** How long a toast stays, ms. */
export const TOAST_MS = 2000;

/** The store: the message shown, and a rising id so repeating a message restarts its timer. */
export const toastState = proxy({ message: '', id: 0 });

let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows `message` for TOAST_MS. */
export function showToast(message: string): void {
  clearTimeout(timer);
  toastState.message = message;
  toastState.id++;
  timer = setTimeout(() => {
    toastState.message = '';
  }, TOAST_MS);
}
