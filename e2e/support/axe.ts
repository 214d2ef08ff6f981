/// <reference lib="dom" /> // page.evaluate callbacks run in the browser
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once per test file. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** What fails the check: axe's two highest levels (WCAG A/AA failures such as contrast, names, roles are here). */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

/**
 * Runs axe-core on the page as it is now and returns the violations. The page's Content-Security-Policy
 * forbids inline scripts, so axe is not added as a <script>: it is evaluated through the DevTools
 * protocol (page.evaluate), which the policy does not govern.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })),
    }));
  });
}

/** The serious and critical violations, one readable line per element (so a failing test says what to fix). */
export async function blockingViolations(page: Page): Promise<string[]> {
  const violations = await runAxe(page);
  return violations
    .filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `[${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`));
}
