/** axe-core scans of a rendered screen; serious and critical violations fail the test. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { screenshot } from './artifacts.mjs';

// Evaluated through the DevTools protocol rather than added as a <script>: the console's CSP
// (script-src 'self') refuses inline scripts, as it should, and the scans must not weaken it.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const BLOCKING = new Set(['serious', 'critical']);

/** Scan only the open dialogs (the screen behind them is inert and scanned as a screen itself). */
export const DIALOGS = { within: '[role="dialog"]' };

/**
 * Violations of WCAG 2.x A/AA (and axe's best practices) on the page as it is now, or only in
 * the elements matching `within` (a CSS selector).
 */
export async function axeViolations(page, within = null) {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const context = selector ? { include: [[selector]] } : globalThis.document;
    const result = await globalThis.axe.run(context, {
      resultTypes: ['violations'],
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, within);
}

export const blocking = (violations) => violations.filter((v) => BLOCKING.has(v.impact));

/** One readable block per violation: rule, impact, what to fix, and where (first few nodes). */
export function describeViolations(screen, violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      at ${n.target}\n        ${n.summary.replace(/\n/g, '\n        ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${screen}: ${v.id} — ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Saves the screen's screenshot as `<name>.png`, then fails on serious or critical violations
 * (printed readably); lesser ones are printed without failing. `within` limits the scan to some
 * elements, e.g. the open dialogs (the screen behind them is scanned on its own).
 */
export async function assertAccessible(page, name, { within = null } = {}) {
  await screenshot(page, name);
  const violations = await axeViolations(page, within);
  const serious = blocking(violations);
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length) console.log(`    (minor, not failing)\n${describeViolations(name, minor)}`);
  assert.equal(
    serious.length,
    0,
    `axe found serious/critical violations:\n${describeViolations(name, serious)}`,
  );
}
