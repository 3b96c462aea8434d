/**
 * React.lazy for everything past the public screens: the chunk and the whole text catalogue. The
 * load is counted (lib/module-loads), so the shell's loading bar shows while a screen's module loads.
 */
import { lazy, type ComponentType } from 'react';
import { loadAllTexts } from '../lib/load-all-texts';
import { trackModuleLoad } from '../lib/module-loads';

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => trackModuleLoad(Promise.all([load(), loadAllTexts()]).then(([module]) => module)));
}
