import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { resources, type LanguageResources } from '@app/shared/i18n';
import { waitForSettledStyles } from '../src/settled-styles';

const require = createRequire(import.meta.url);

/** Sign-in, quota checks and charts take a few seconds on a loaded two-core machine. */
export const WAIT = { timeout: 30_000, interval: 250 } as const;

/** Signs in through the site's own dialog and waits for the dashboard (a full page load). */
export async function signInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  const { webUrl } = inject('stack');
  await page.goto(`${webUrl}/dashboard`);
  await page.getByRole('button', { name: 'Sign In / Sign Up' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.locator('form button[type=submit]').click();
  await page.waitForURL(`${webUrl}/dashboard`);
  await expect.poll(() => page.getByTestId('header-user').count(), WAIT).toBe(1);
}

/**
 * Adds one asset through the add-asset dialog: search, pick the exact symbol, shares, submit. The
 * labels are the site's in `strings` (English by default).
 */
export async function addAssetThroughDialog(
  page: Page,
  symbol: string,
  shares: string,
  strings: LanguageResources = resources.en,
): Promise<void> {
  const labels = strings.portfolio;
  await page.getByTestId('add-asset-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labels.addDialog.search.label).fill(symbol);
  await dialog
    .getByTestId('search-results')
    .getByRole('button', { name: new RegExp(`^${symbol.replace(/[\^$.*+?()[\]{}|\\-]/g, '\\$&')}\\b`) })
    .first()
    .click();
  await expect.poll(() => dialog.getByTestId('selected-asset').textContent(), WAIT).toContain(symbol);
  await dialog.getByLabel(labels.addDialog.shares.label).fill(shares);
  await dialog.getByTestId('add-asset-submit').click();
  await expect.poll(() => page.getByText(labels.toasts.addedTitle).count(), WAIT).toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core in the page: the serious and critical violations (expected: none). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await waitForSettledStyles(page);
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') forbids a script tag.
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  }
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Turns the header's language button until the page is in `language` (en, fr, es). */
export async function chooseLanguage(page: Page, language: 'en' | 'fr' | 'es'): Promise<void> {
  const cycle = page.getByTestId('language-cycle').first();
  // A click before the page's scripts have loaded lands on inert markup: let them load first.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  for (let turn = 0; turn < 3; turn += 1) {
    const shown = (await cycle.textContent())?.trim();
    if (shown === language.toUpperCase()) break;
    await cycle.click();
    // The next language's strings load before the button shows it.
    await expect.poll(async () => (await cycle.textContent())?.trim(), WAIT).not.toBe(shown);
  }
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(language);
}
