import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn, STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { codeIn, waitForMails } from '../src/mail-inbox';
import { payWithTestCard } from './checkout-helpers';
import { WAIT } from './investor-helpers';

interface Documents {
  invoices: { total_cents: number; refunded_by: string | null }[];
  credit_notes: { amount_cents: number }[];
}

/**
 * Buying, cancelling and refunding a plan in Chromium, as a new visitor does it: pricing's
 * get-started, the Sign Up tab, the checkout (a declined card, then a good one), then the billing
 * card's Cancel and the 30-day refund. What the server stored is checked over the API.
 */
describe('investor billing journey in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('pricing -> sign up -> a declined card, then a good one -> cancel -> refund', async () => {
    const { webUrl } = inject('stack');
    const email = uniqueEmail('billing');
    const { context, page } = await newPage(browser);

    // Pricing: Premium's get-started leads to sign-up for it, the Sign Up tab open.
    await page.goto(`${webUrl}/pricing`);
    await page
      .getByTestId('plan-premium')
      .getByRole('link', { name: /Get Started/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('tab', { name: 'Sign Up', selected: true }).count(), WAIT)
      .toBe(1);
    await dialog.getByLabel('First name').fill('Bill');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await dialog.getByLabel('Confirm password').fill(STRONG_PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const [mail] = await waitForMails(email);
    await dialog.getByLabel('Sign-up code from the mail').fill(codeIn(mail!));
    await dialog.getByRole('button', { name: 'Confirm and sign in' }).click();

    // Signed up, the page reloads on the Premium checkout (no card yet: the card step first).
    await page.waitForURL(`${webUrl}/subscription?plan=PREMIUM&cycle=monthly`, WAIT);
    await expect.poll(() => page.getByTestId('checkout').count(), WAIT).toBe(1);
    await payWithTestCard(page, 'declines', '$79.00');
    await expect
      .poll(() => page.getByTestId('checkout-problem').textContent(), WAIT)
      .toContain('Your card was declined (card_declined). No money was taken.');
    await payWithTestCard(page, 'succeeds', '$79.00');
    await expect.poll(() => page.getByTestId('current-plan-name').textContent(), WAIT).toBe('Premium');
    await expect.poll(() => page.getByTestId('next-billing').textContent(), WAIT).toContain('$79.00');

    // Cancel: confirmed, the plan stays until the period end.
    const billing = page.getByTestId('billing');
    await billing.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => billing.getByTestId('scheduled-change').textContent(), WAIT)
      .toContain('Cancelled: your plan ends on');
    await expect.poll(() => page.getByTestId('current-plan-name').textContent(), WAIT).toBe('Premium');

    // The 30-day refund: everything paid comes back and the account returns to Free.
    await billing.getByRole('button', { name: 'Request refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.getByText('$79.00 refunded: you are on the Free plan.').count(), WAIT)
      .toBe(1);
    await expect.poll(() => page.getByTestId('current-plan-name').textContent(), WAIT).toBe('FREE');
    await billing.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => billing.getByTestId('credit-notes').locator('tbody tr').count(), WAIT).toBe(1);

    const { token } = await signIn(email, STRONG_PASSWORD);
    const documents = await api<Documents>('GET', '/api/subscription/invoices', { token });
    // One paid invoice (the declined attempt wrote none), refunded by one credit note of the same amount.
    expect(documents.body.invoices).toEqual([expect.objectContaining({ total_cents: 7_900 })]);
    expect(documents.body.invoices[0]?.refunded_by).not.toBeNull();
    expect(documents.body.credit_notes).toEqual([expect.objectContaining({ amount_cents: 7_900 })]);
    await context.close();
  });
});
