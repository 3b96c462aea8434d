/**
 * The one cue that a table scrolls sideways: every table's scroll wrapper (`.p-datatable-wrapper`,
 * PrimeReact's and the picking grid's own) whose columns run past its edge fades out at that edge
 * (styles.css, "table scroll cue"), at the start once scrolled, at the end until the last column is
 * in view. On a phone a clipped column otherwise looks like the table's end.
 *
 * Started once (main.tsx): a MutationObserver notices wrappers as they come (at most once a frame,
 * a query by class), a ResizeObserver follows each one's width and its table's, and one capturing
 * scroll listener follows the scrolling. Each marks its wrapper with `data-scroll-before` /
 * `data-scroll-after` and the width of its vertical scroll bar, which the fade leaves alone.
 */
export const TABLE_SCROLL_WRAPPER = '.p-datatable-wrapper';

/** A pixel of slack: a fractional scroll position at the end still counts as the end. */
const SLACK = 1;

export interface ScrollBox {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** Which edges have columns past them. */
export function scrollCue(box: ScrollBox): { before: boolean; after: boolean } {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= SLACK) return { before: false, after: false };
  // a right-to-left page scrolls with negative positions
  const from = Math.abs(box.scrollLeft);
  return { before: from > SLACK, after: from < hidden - SLACK };
}

export function markScrollCue(wrapper: HTMLElement): void {
  const { before, after } = scrollCue(wrapper);
  if (wrapper.hasAttribute('data-scroll-before') !== before) wrapper.toggleAttribute('data-scroll-before', before);
  if (wrapper.hasAttribute('data-scroll-after') !== after) wrapper.toggleAttribute('data-scroll-after', after);
  const style = getComputedStyle(wrapper);
  const borders = parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth) || 0;
  const bar = `${Math.max(0, wrapper.offsetWidth - wrapper.clientWidth - borders)}px`;
  if (wrapper.style.getPropertyValue('--scroll-cue-bar') !== bar) wrapper.style.setProperty('--scroll-cue-bar', bar);
}

let started = false;

export function startTableScrollCues(root: Document = document): void {
  if (started || typeof ResizeObserver === 'undefined' || typeof MutationObserver === 'undefined') return;
  started = true;
  // what the ResizeObserver follows; left once out of the document, so a closed screen is let go
  const watched = new Set<Element>();
  const resized = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const wrapper = entry.target.matches(TABLE_SCROLL_WRAPPER) ? entry.target : entry.target.parentElement;
      if (wrapper instanceof HTMLElement && wrapper.matches(TABLE_SCROLL_WRAPPER)) markScrollCue(wrapper);
    }
  });
  let frame = 0;
  const findWrappers = () => {
    frame = 0;
    for (const element of watched) {
      if (!element.isConnected) {
        resized.unobserve(element);
        watched.delete(element);
      }
    }
    for (const wrapper of root.querySelectorAll<HTMLElement>(TABLE_SCROLL_WRAPPER)) {
      // the table inside grows as rows and columns come; a new table element is watched too
      const table = wrapper.firstElementChild;
      if (!watched.has(wrapper)) {
        watched.add(wrapper);
        resized.observe(wrapper);
      }
      if (table && !watched.has(table)) {
        watched.add(table);
        resized.observe(table);
      }
    }
  };
  new MutationObserver(() => {
    if (frame === 0) frame = requestAnimationFrame(findWrappers);
  }).observe(root.body, { childList: true, subtree: true });
  root.addEventListener(
    'scroll',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.matches(TABLE_SCROLL_WRAPPER)) markScrollCue(target);
    },
    { capture: true, passive: true },
  );
  findWrappers();
}
