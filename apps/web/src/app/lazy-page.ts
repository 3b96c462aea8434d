/**
 * React.lazy for everything past the public screens: the chunk and the whole text catalogue. The
 * load is counted (lib/module-loads), so the shell's loading bar shows while a screen's module loads.
 *
 * `preload()` fetches the same chunk and texts ahead of the render (the browser's module map keeps
 * one copy, so the render's own load then finds them): a page opened by its address starts loading
 * its code while the session is still being restored instead of after it.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllTexts } from '../lib/load-all-texts';
import { trackModuleLoad } from '../lib/module-loads';

export type PreloadablePage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadablePage<P> {
  const fetchAll = () => Promise.all([load(), loadAllTexts()]).then(([module]) => module);
  const page = lazy(() => trackModuleLoad(fetchAll()));
  return Object.assign(page, {
    // a failed preload is the render's to report, when it loads the chunk itself
    preload: () => void fetchAll().catch(() => undefined),
  });
}
