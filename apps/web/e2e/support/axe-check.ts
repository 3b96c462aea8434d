/** axe-core: serious and critical violations of a page (or part of it), after animations have settled. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

export async function seriousViolations(page: Page, include?: string) {
  await settled(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
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
  await settled(page, options.timeout);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const { rules, include } = options;
  const violations = await page.evaluate(async ({ rules, include }) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
      ...(rules ? { runOnly: { type: 'rule' as const, values: rules } } : {}),
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { rules, include });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
