/**
 * Reading a large result a page at a time, for exports that stream: the caller's query continues
 * after the last row of the previous page (keyset paging: no OFFSET, every page costs the same),
 * so at most one page of rows is held in memory.
 */

/** Rows read per query by inBatches unless the caller says otherwise. */
export const READ_BATCH_ROWS = 2000;

/**
 * Every row `readPage` yields, page after page. `readPage(after, size)` answers at most `size`
 * rows following `after` (undefined: the first page) in one stable order; a short page ends it.
 */
export async function* inBatches<T>(
  readPage: (after: T | undefined, size: number) => Promise<T[]>,
  size: number = READ_BATCH_ROWS,
): AsyncGenerator<T> {
  let after: T | undefined;
  for (;;) {
    const page = await readPage(after, size);
    yield* page;
    if (page.length < size) return;
    after = page[page.length - 1];
  }
}
