import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { waitForSettledStyles } from './settled-styles';
import { totp } from './totp';

/** expect.poll waits this long: the shared stack is slow under parallel suites on two cores. */
export const POLL = { timeout: 15_000 } as const;

/**
 * Signs the seeded admin in through the admin site's login form, the password then the authenticator
 * code computed from the seeded key (docs/accounts.md), and waits for the dashboard.
 */
export async function signInAdminInBrowser(page: Page): Promise<void> {
  const { adminUrl } = inject('stack');
  await page.goto(adminUrl);
  await page.getByLabel('Email').fill(SEED_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SEED_ADMIN.password);
  await page.locator('button[type=submit]').click();
  await enterAdminTotpCode(page);
  await expect.poll(() => page.getByTestId('admin-user').textContent(), POLL).toContain(SEED_ADMIN.email);
}

/** The admin site's second step: the seeded admin's current authenticator code, whatever the language. */
export async function enterAdminTotpCode(page: Page): Promise<void> {
  const field = page.locator('input[name=totp_code]');
  await field.waitFor({ timeout: POLL.timeout });
  await field.fill(totp(inject('stack').seedAdminTotpSecret));
  await page.locator('button[type=submit]').click();
}

/** Zero serious or critical axe-core violations on what the page shows now. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await waitForSettledStyles(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect(serious).toEqual([]);
}
