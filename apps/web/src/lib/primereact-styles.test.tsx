import { render } from '@testing-library/react';
import { ProgressBar } from 'primereact/progressbar';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { skipUnchangedPrimeReactStyles } from './primereact-styles';

/** The writes into the head's <style> elements while `act` runs: [style id, text length]. */
async function styleWrites(act: () => void): Promise<[string, number][]> {
  const writes: [string, number][] = [];
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const style = r.target instanceof HTMLStyleElement ? r.target : r.target.parentElement;
      if (style instanceof HTMLStyleElement) writes.push([style.getAttribute('data-primereact-style-id') ?? '', style.textContent?.length ?? 0]);
    }
  });
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
  act();
  await Promise.resolve();
  observer.takeRecords();
  observer.disconnect();
  return writes;
}

describe('skipUnchangedPrimeReactStyles', () => {
  beforeAll(() => skipUnchangedPrimeReactStyles());
  afterEach(() => {
    for (const s of document.head.querySelectorAll('style:not([data-primereact-style-id])')) s.remove();
  });

  it("writes a component type's style once: a second progress bar mounted writes no style again", async () => {
    const first = await styleWrites(() => render(<ProgressBar value={10} />));
    // the first mount adds the shared styles and the progress bar's own
    expect(first.map(([id]) => id)).toEqual(expect.arrayContaining(['base', 'common', 'progressbar']));
    expect(document.head.querySelector('style[data-primereact-style-id="progressbar"]')?.textContent).toContain('.p-progressbar');

    const second = await styleWrites(() => render(<ProgressBar value={20} />));
    expect(second).toEqual([]);
    expect(document.head.querySelectorAll('style[data-primereact-style-id="progressbar"]')).toHaveLength(1);
  });

  it('still writes a different text, and any text into other style elements', async () => {
    render(<ProgressBar value={30} />);
    const bar = document.head.querySelector<HTMLStyleElement>('style[data-primereact-style-id="progressbar"]');
    expect(bar).not.toBeNull();
    const before = bar!.textContent ?? '';
    const changed = await styleWrites(() => {
      bar!.textContent = `${before}\n.p-progressbar { order: 1; }`;
    });
    expect(changed.length).toBeGreaterThan(0);
    expect(bar!.textContent).toContain('order: 1');
    bar!.textContent = before;

    const own = document.createElement('style');
    own.textContent = '.x { color: red; }';
    document.head.appendChild(own);
    const same = await styleWrites(() => {
      own.textContent = '.x { color: red; }';
    });
    expect(same.length).toBeGreaterThan(0);
    expect(own.textContent).toBe('.x { color: red; }');
  });
});
