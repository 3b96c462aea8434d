/** The password-changed event (docs/domain.md, Own password): other parts of the page may listen for it. */
export const PASSWORD_CHANGED_EVENT = 'orchard:password-changed';

export function emitPasswordChanged(): void {
  window.dispatchEvent(new CustomEvent(PASSWORD_CHANGED_EVENT));
}
