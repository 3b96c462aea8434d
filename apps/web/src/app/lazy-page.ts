/** React.lazy for everything past the public screens: the chunk and the whole text catalogue. */
import { lazy, type ComponentType } from 'react';
import { loadAllTexts } from '../lib/i18n-core';

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), loadAllTexts()]).then(([module]) => module));
}
