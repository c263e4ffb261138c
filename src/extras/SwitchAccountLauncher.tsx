/**
 * Loads the switch-account module (SPEC §6: the switch-account script loads only when signed in on the main site;
 * the caller renders this only then) as its own chunk, and renders its button when SPEC §1 shows it (not a
 * sub-account, or the is_switch_tag cookie). Until the chunk arrives nothing shows; a failed load shows nothing.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';

const SwitchAccount = lazy(() => import('./SwitchAccount.tsx'));

/** Renders nothing when the chunk fails to load (SPEC §8: never a broken header). */
class LoadGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.warn('[switch-account] module failed to load', err);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The lazily loaded switch-account flow. `showButton`: the policy's switch-account decision. */
export function SwitchAccountLauncher({ showButton }: { showButton: boolean }) {
  return (
    <LoadGuard>
      <Suspense fallback={null}>
        <SwitchAccount showButton={showButton} />
      </Suspense>
    </LoadGuard>
  );
}
