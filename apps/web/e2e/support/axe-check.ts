/** axe-core: serious and critical violations of a page (or part of it), after animations have settled. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * An axe run over a whole screen takes seconds of CPU, several times more when the browser shares
 * its core with another worker's browser and server: each run adds this much to the journey's time
 * budget, so a journey's allowance follows the number of checks it makes (a journey with four runs
 * took 32 s with two workers on a busy 2-core machine, over the default 30 s).
 */
const AXE_RUN_ALLOWANCE_MS = 15_000;

export function allowForAxeRun() {
  const info = test.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + AXE_RUN_ALLOWANCE_MS);
}

export async function settled(page: Page, timeout?: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
        ),
      { timeout },
    )
    .toBe(0);
}

/**
 * Runs an axe check on a still page: after the animations have settled, and again (up to three
 * times) when a transition or animation started while axe read the page. A toast that begins to
 * fade in or out meanwhile is half transparent, and axe would judge the contrast of that moment.
 */
async function whileStill<T>(page: Page, timeout: number | undefined, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    await settled(page, timeout);
    await page.evaluate(() => {
      const w = window as unknown as { __axeMoved?: number };
      if (w.__axeMoved === undefined) {
        const moved = () => (w.__axeMoved = (w.__axeMoved ?? 0) + 1);
        document.addEventListener('transitionstart', moved, true);
        document.addEventListener('animationstart', moved, true);
      }
      w.__axeMoved = 0;
    });
    const result = await run();
    const moved = await page.evaluate(() => (window as unknown as { __axeMoved?: number }).__axeMoved ?? 0);
    if (moved === 0 || attempt === 3) return result;
  }
}

export async function seriousViolations(page: Page, include?: string) {
  allowForAxeRun();
  const results = await whileStill(page, undefined, () => {
    let builder = new AxeBuilder({ page });
    if (include) builder = builder.include(include);
    return builder.analyze();
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The same check run inside the page: axe-core is injected once per document (page.evaluate is not
 * subject to the page's CSP) and reports violations only, so a screen checked many times over (in
 * every theme) costs one axe run each time. `rules` limits the run to some rules.
 */
export async function seriousViolationsInPage(
  page: Page,
  options: { rules?: string[]; include?: string; timeout?: number } = {},
): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const { rules, include } = options;
  const violations = await whileStill(page, options.timeout, () => page.evaluate(async ({ rules, include }) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
      ...(rules ? { runOnly: { type: 'rule' as const, values: rules } } : {}),
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { rules, include }));
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
