/**
 * Whether an overlay list or picker (a dropdown's list, a date picker) is open on the page. A panel
 * that closes on Escape (an editor dialog, the hamburger sidebar) leaves an Escape pressed while one
 * is open to that overlay: PrimeReact's own Escape handling listens on the document and closed the
 * panel together with the list, so those panels turn theirs off and ask this instead. It is read
 * from the page when the key comes: an overlay's onShow comes only after its opening transition, and
 * an Escape during it belongs to the overlay too.
 */

/** The overlay panels PrimeReact opens from inputs. */
const OVERLAY_PANELS = [
  '.p-dropdown-panel',
  '.p-multiselect-panel',
  '.p-autocomplete-panel',
  '.p-treeselect-panel',
  '.p-cascadeselect-panel',
  '.p-datepicker.p-connected-overlay',
  '.p-overlaypanel',
  '.p-password-panel',
].join(', ');

export function overlayOpen(doc: Document = document): boolean {
  return doc.querySelector(OVERLAY_PANELS) !== null;
}
