/**
 * The header's display-settings entry (`data-testid="nav-settings"`, SPEC §2, §4): the icon trigger, server-rendered
 * with the header; the panel (src/settings/SettingsMenu.tsx SettingsPanel) loads on the first intent on the trigger.
 */
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';

const SettingsPanel = lazyOnIntent(
  () => import('./SettingsMenu.tsx').then((m) => m.SettingsPanel),
  'display settings',
  ['settings'],
);

/** Header entry for display settings. */
export function SettingsMenu() {
  const { t } = useTranslation('settings');
  return (
    <HoverPopover
      testId="nav-settings"
      ariaLabel={t('menu.trigger')}
      align="end"
      className="settings-popover"
      triggerClassName="nav-trigger icon-trigger"
      trigger={<Icon name="sliders" size={20} />}
      onIntent={() => void SettingsPanel.preload()}
    >
      <SettingsPanel fallback={chunkFallback} />
    </HoverPopover>
  );
}
