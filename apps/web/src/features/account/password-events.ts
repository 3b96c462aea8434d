/** The password-changed event (spec 01, 4.6): other parts of the page may listen for it. */
export const PASSWORD_CHANGED_EVENT = 'orchard:password-changed';

export function emitPasswordChanged(): void {
  window.dispatchEvent(new CustomEvent(PASSWORD_CHANGED_EVENT));
}
