import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { enterAdminTotpCode } from '../src/admin-site';
import { launchBrowser, newPage } from '../src/browser';
import { codeIn, waitForMails } from '../src/mail-inbox';

/** The walking skeleton in a real browser: sign up, land on the dashboard, survive a reload, admin gate. */
describe('sign-in journeys in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up a new investor, lands on /dashboard, stays signed in after a reload, and signs out', async () => {
    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('e2e');
    await page.goto(`${webUrl}/dashboard`);
    await page.getByRole('button', { name: 'Sign In / Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('First name').fill('Erin');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await dialog.getByLabel('Confirm password').fill(STRONG_PASSWORD);
    await dialog.locator('form button[type=submit]').click();
    // The second step: the code mailed to the address, read from the stack's inbox.
    const [mail] = await waitForMails(email);
    await dialog.getByLabel('Sign-up code from the mail').fill(codeIn(mail!));
    await dialog.getByRole('button', { name: 'Confirm and sign in' }).click();

    await page.waitForURL(`${webUrl}/dashboard`);
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('Erin');
    await page.reload();
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('Erin');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${webUrl}/`);
    await page.goto(`${webUrl}/dashboard`);
    await expect.poll(() => page.getByText('Authentication Required').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the required-fields message for an empty sign-in and clears it on edit', async () => {
    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await page.goto(`${webUrl}/dashboard`);
    await page.getByRole('button', { name: 'Sign In / Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('form button[type=submit]').first().click();
    await expect
      .poll(() => dialog.getByTestId('auth-error').textContent())
      .toContain('Please fill in all fields');
    await dialog.getByLabel('Email').first().fill('someone@example.test');
    await expect.poll(() => dialog.getByTestId('auth-error').count()).toBe(0);
    await context.close();
  });

  it('the admin site refuses an investor and admits the seeded admin', async () => {
    const { adminUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await page.goto(adminUrl);
    await page.getByLabel('Email').fill('demo@nugget.local');
    await page.getByLabel('Password', { exact: true }).fill('NuggetDemo1');
    await page.locator('button[type=submit]').click();
    await expect
      .poll(() => page.getByTestId('admin-login-error').textContent())
      .toContain('Admin access required. Please contact support if you need admin privileges.');

    await page.getByLabel('Email').fill(SEED_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SEED_ADMIN.password);
    await page.locator('button[type=submit]').click();
    await enterAdminTotpCode(page);
    await expect
      .poll(() => page.getByTestId('admin-user').textContent(), { timeout: 15_000 })
      .toContain(SEED_ADMIN.email);
    await context.close();
  });
});
