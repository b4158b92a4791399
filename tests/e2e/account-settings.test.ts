import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';
import { mailsTo } from '../src/mail-inbox';
import { launchBrowser, newPage } from '../src/browser';
import { totp } from '../src/totp';
import { signInThroughDialog, WAIT } from './investor-helpers';

/**
 * The account sections of /settings in Chromium, in English (docs/accounts.md), with a throwaway
 * investor: turn on two-step sign-in with an authenticator code, sign in again with the code, download
 * the data archive, delete the account.
 */
describe('account settings in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('two-step sign-in, the data download and the deletion work from the settings page', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Settings');
    const first = await newPage(browser);
    await signInThroughDialog(first.page, investor.email, investor.password);
    await first.page.goto(`${webUrl}/settings`);
    for (const heading of [
      'Base currency',
      'Notifications',
      'Password and sessions',
      'Two-step sign-in',
      'Your data',
    ])
      await expect.poll(() => first.page.getByRole('heading', { name: heading }).count(), WAIT).toBe(1);

    // Two-step sign-in: the key once, then a code from it turns it on.
    await first.page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secretField = first.page.getByTestId('totp-secret');
    await expect.poll(() => secretField.inputValue(), WAIT).toMatch(/^[A-Z2-7]{16,}$/);
    const secret = await secretField.inputValue();
    await first.page.getByLabel('6-digit code from the app').fill(totp(secret));
    await first.page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect
      .poll(() => first.page.getByTestId('two-factor-status').textContent(), WAIT)
      .toBe('Two-step sign-in is on.');
    await first.context.close();

    // Another browser: the dialog asks for the code after the password.
    const second = await newPage(browser);
    await second.page.goto(`${webUrl}/dashboard`);
    await second.page.getByRole('button', { name: 'Sign In / Sign Up' }).click();
    const dialog = second.page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(investor.email);
    await dialog.getByLabel('Password', { exact: true }).fill(investor.password);
    await dialog.locator('form button[type=submit]').click();
    await expect.poll(() => dialog.getByLabel('Authenticator code').count(), WAIT).toBe(1);
    await dialog.getByLabel('Authenticator code').fill(totp(secret));
    await dialog.locator('form button[type=submit]').click();
    await second.page.waitForURL(`${webUrl}/dashboard`);
    // Signing in ends with a full page load: the header shows the user once it is done.
    await expect.poll(() => second.page.getByTestId('header-user').count(), WAIT).toBe(1);

    // Download my data: a zip whose account.json is this user's.
    await second.page.goto(`${webUrl}/settings`);
    // The base currency's form shows once the page's reads answered: the page is live.
    await expect.poll(() => second.page.getByRole('button', { name: 'Save currency' }).count(), WAIT).toBe(1);
    const [download] = await Promise.all([
      second.page.waitForEvent('download', { timeout: WAIT.timeout }),
      second.page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nugget-invest-data-.*\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const document = JSON.parse(strFromU8(files['account.json'] as Uint8Array)) as { user_id: string };
    expect(document.user_id).toBe(investor.userId);

    // Delete my account: a confirmation step first (issue 46), then back on the home page, the account no
    // longer signs in, and a confirmation mail reaches the address.
    await second.page.getByLabel('Your password, to confirm').fill(investor.password);
    await second.page.getByRole('button', { name: 'Delete my account' }).click();
    await second.page.getByRole('button', { name: 'Delete for good' }).click({ timeout: WAIT.timeout });
    await second.page.waitForURL(`${webUrl}/`, WAIT);
    await expect
      .poll(async () => (await mailsTo(investor.email)).map((mail) => mail.subject), WAIT)
      .toContain('Your Nugget Invest account is deleted');
    const login = await api('POST', '/api/auth/login', {
      body: { email: investor.email, password: investor.password },
    });
    expect(login.status).toBe(401);
    await second.context.close();
  }, 120_000);
});
