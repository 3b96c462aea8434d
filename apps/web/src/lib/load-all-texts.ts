/**
 * The whole catalogue, a chunk of its own fetched once. Kept apart from ./i18n-core, which ./i18n
 * imports, so the two never import each other.
 */
export function loadAllTexts(): Promise<void> {
  return import('./i18n').then(() => undefined);
}
