/**
 * The accessibility check of a screen: injects axe-core (the accessibility
 * rules engine) into a real Chromium page and fails if it finds any serious
 * or critical violation, naming each one's rule, impact and element
 * (axe-report.ts). axe reaches into open shadow roots, so every Lit element
 * on the page is checked.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsSettled, blockingViolations, describeViolations, type AxeViolation } from './axe-report.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every violation axe-core finds on the page once its animations have settled (all impacts). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(animationsSettled);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: AxeViolation[] };
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Asserts the page has no serious or critical accessibility violation; `screen` names it in the failure. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const blocking = blockingViolations(await axeViolations(page));
  expect(
    blocking.length,
    `axe found serious or critical violations on ${screen}:\n${describeViolations(blocking)}`,
  ).toBe(0);
}
