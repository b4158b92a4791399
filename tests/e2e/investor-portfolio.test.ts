import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { payWithTestCard } from './checkout-helpers';
import { addAssetThroughDialog, seriousAxeViolations, signInThroughDialog, WAIT } from './investor-helpers';

interface PortfolioBody {
  assets: { id: string; symbol: string; shares: number }[];
  summary: { total_value: number; asset_count: number };
}

/** docs/product.md "Screens", "Errors and empty results" in a real browser: quota, upgrade, edit and remove. */
describe('investor portfolio journeys in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a FREE investor fills the 5 slots, meets the upgrade prompt, upgrades to PREMIUM and adds more', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Frida');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('0 of 5');

    for (const symbol of ['MSFT', 'NVDA', 'JPM', 'KO', 'PG']) {
      await addAssetThroughDialog(page, symbol, '2');
    }
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('5 of 5');
    await expect.poll(() => page.getByTestId('add-asset-usage').textContent(), WAIT).toBe('5/5');
    await expect.poll(() => page.getByTestId('add-asset-button').isDisabled(), WAIT).toBe(true);
    await expect
      .poll(() => page.getByTestId('slots-banner').textContent(), WAIT)
      .toContain('Upgrade your plan');

    // The upgrade prompt, then the upgrade dialog: Premium.
    await page.getByTestId('slots-upgrade').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), WAIT).toContain('30-day money-back guarantee');
    expect(await seriousAxeViolations(page), 'axe with the upgrade dialog open').toEqual([]);
    // Choosing Premium opens the checkout: the succeeding test card, then Pay once the price is shown.
    await dialog.getByTestId('upgrade-to-PREMIUM').click();
    await payWithTestCard(page, 'succeeds', '$79.00');
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('5 of 25');
    await expect.poll(() => page.getByTestId('add-asset-button').isDisabled(), WAIT).toBe(false);

    await addAssetThroughDialog(page, 'XOM', '1');
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('6 of 25');
    const stored = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(stored.body.assets.map((asset) => asset.symbol).sort()).toEqual(
      ['JPM', 'KO', 'MSFT', 'NVDA', 'PG', 'XOM'].sort(),
    );

    // The analysis (advanced_analytics) now opens, without the gate.
    await page.getByTestId('analysis-button').click();
    await expect.poll(() => page.getByTestId('portfolio-analysis').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('feature-gate-advanced_analytics').count()).toBe(0);
    await context.close();
  }, 180_000);

  it('edits and removes a holding for real, and the slot count follows', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Eddie');
    for (const symbol of ['AAPL', 'MSFT']) {
      const added = await api('POST', '/api/portfolio/holdings', {
        token: investor.token,
        body: { symbol, shares: 3, asset_type: 'stock' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(added.status).toBe(201);
    }
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(() => page.getByTestId('plan-remaining').textContent(), WAIT).toBe('3');

    const row = page.getByTestId('holding-MSFT');
    await row.getByRole('button', { name: /MSFT/ }).click();
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Number of shares').fill('7.5');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.getByTestId('holding-shares').textContent(), WAIT).toBe('7.5');
    const afterEdit = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(afterEdit.body.assets.find((asset) => asset.symbol === 'MSFT')?.shares).toBe(7.5);

    // Remove asks first: Cancel keeps the holding.
    await row.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove MSFT?' });
    await confirm.getByRole('button', { name: 'Cancel' }).first().click();
    await expect.poll(() => confirm.count(), WAIT).toBe(0);
    expect(await page.getByTestId('holding-MSFT').count()).toBe(1);

    await row.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove holding' }).click();
    await expect.poll(() => page.getByTestId('holding-MSFT').count(), WAIT).toBe(0);
    await expect.poll(() => page.getByTestId('plan-remaining').textContent(), WAIT).toBe('4');
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('1 of 5');
    const afterRemove = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(afterRemove.body.assets.map((asset) => asset.symbol)).toEqual(['AAPL']);

    // Undo adds the same position back (7.5 shares), taking the slot again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByTestId('holding-MSFT').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('plan-remaining').textContent(), WAIT).toBe('3');
    const afterUndo = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(afterUndo.body.assets.find((asset) => asset.symbol === 'MSFT')?.shares).toBe(7.5);
    await context.close();
  }, 120_000);
});
