/**
 * PrimeReact adds each component type's base style to the document's head as a <style> element
 * (data-primereact-style-id), and every component it mounts writes that element's text again, and
 * the text of the shared "base", "global" and "common" ones, with the same CSS (useStyle's load).
 * Chromium takes a stylesheet whose text was written as a changed stylesheet: it recomputes the
 * style of every element and lays out all the page's text again (invalidations "Style rule change"
 * and "Fonts changed"). Drawing the picking schedule's first page did that five times, a page of
 * rows with buttons once more, a dialog's first opening once more (what each cost:
 * BENCHMARKS.md, Section `picking-browser`).
 *
 * Writing the same text into one of those elements is skipped here; a different text (a component
 * type's first style, or a change of it) is written as before. Other elements are left alone.
 */
const STYLE_ID = 'data-primereact-style-id';

let installed = false;

/** Once, before the first PrimeReact component is drawn. */
export function skipUnchangedPrimeReactStyles(): void {
  if (installed || typeof HTMLStyleElement === 'undefined') return;
  const text = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
  if (!text?.get || !text.set) return;
  const { get, set } = text;
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    enumerable: text.enumerable,
    get(this: HTMLStyleElement) {
      return get.call(this) as string | null;
    },
    set(this: HTMLStyleElement, value: string | null) {
      if (this.hasAttribute(STYLE_ID) && get.call(this) === (value ?? '')) return;
      set.call(this, value);
    },
  });
  installed = true;
}
