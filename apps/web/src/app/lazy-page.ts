/**
 * React.lazy for everything past the public screens: the chunk and the whole text catalogue. The
 * load is counted (lib/module-loads), so the shell's loading bar shows while a screen's module loads.
 *
 * `preload()` fetches the same chunk and texts ahead of the render (the browser's module map keeps
 * one copy, so the render's own load then finds them): a page opened by its address starts loading
 * its code while the session is still being restored instead of after it.
 *
 * A page whose code and texts have arrived renders at once, without React.lazy: a lazy component
 * suspends on its first render even when its module is there (its promise settles a microtask
 * later), and React commits a boundary's content no sooner than 300 ms after it showed its fallback,
 * which held a page opened by its address back after its data had arrived (by how much:
 * BENCHMARKS.md, Section `picking-browser`). Each
 * mounted page keeps the way it first rendered (switching would mount it again).
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadAllTexts } from '../lib/load-all-texts';
import { trackModuleLoad } from '../lib/module-loads';

export type PreloadablePage<P extends object> = ComponentType<P> & { preload: () => void };

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadablePage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchAll = () =>
    (loading ??= Promise.all([load(), loadAllTexts()]).then(
      ([module]) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // a later render or preload tries again
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => trackModuleLoad(fetchAll()));
  function Page(props: P) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, {
    // a failed preload is the render's to report, when it loads the chunk itself
    preload: () => void fetchAll().catch(() => undefined),
  });
}
