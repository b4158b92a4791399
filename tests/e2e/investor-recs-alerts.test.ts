import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { raiseAlertThroughPollPath } from '../src/alerts';
import { api, signUpInvestor } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { seriousAxeViolations, signInThroughDialog, WAIT } from './investor-helpers';

interface AlertsBody {
  alerts: { id: string; title: string; dismissed: boolean }[];
  demo: boolean;
}

/** Issue 12, part 5: the alerts screen on the real API in Chromium. */
describe('investor alerts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a demo visitor sees the three samples; dismissing is local and Restore All brings them back', async () => {
    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await page.goto(`${webUrl}/dashboard`);
    await page.getByRole('button', { name: 'Continue as Demo User' }).click();
    await page.goto(`${webUrl}/alerts`);
    await expect.poll(() => page.getByTestId('alert-item').count(), WAIT).toBe(3);
    await expect.poll(() => page.getByText('Market General').count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Take Action' }).count()).toBe(1);

    await page
      .getByTestId('alert-item')
      .first()
      .getByRole('button', { name: /^Dismiss alert/ })
      .click();
    await expect.poll(() => page.getByTestId('alert-item').count(), WAIT).toBe(2);
    await expect
      .poll(() => page.getByTestId('alerts-dismissed-bar').textContent(), WAIT)
      .toContain('1 alert dismissed');
    await page.getByRole('button', { name: 'Restore All' }).click();
    await expect.poll(() => page.getByTestId('alert-item').count(), WAIT).toBe(3);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('an alert raised on the price poll path for a holding appears, stays dismissed after a reload, and comes back with Restore All', async () => {
    const investor = await signUpInvestor('Alma');
    const added = await api('POST', '/api/portfolio/holdings', {
      token: investor.token,
      body: { symbol: 'AAPL', asset_type: 'stock', shares: 1 },
      headers: { 'Idempotency-Key': `e2e-alerts-${investor.userId}` },
    });
    expect(added.status).toBe(201);
    expect(await raiseAlertThroughPollPath(investor.userId)).toBe(1);
    const before = await api<AlertsBody>('GET', '/api/alerts', { token: investor.token });
    expect(before.body.demo).toBe(false);
    const target = before.body.alerts[0]!;

    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await page.goto(`${webUrl}/alerts`);
    const item = page.locator(`[data-testid="alert-item"][data-alert-id="${target.id}"]`);
    await expect.poll(() => item.count(), WAIT).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The sidebar's badge counts the unread alerts (GET /api/alerts/count): this user has one.
    const badge = page.getByTestId('sidebar-badge-alerts');
    await expect.poll(() => badge.textContent(), WAIT).toBe('1');
    expect(await badge.getAttribute('aria-label')).toBe('1 unread alert');

    await item.getByRole('button', { name: /^Dismiss alert/ }).click();
    await expect.poll(() => item.count(), WAIT).toBe(0);
    await expect.poll(() => badge.count(), WAIT).toBe(0);
    await expect
      .poll(async () => {
        const response = await api<AlertsBody>('GET', '/api/alerts', { token: investor.token });
        return response.body.alerts.find((alert) => alert.id === target.id)?.dismissed;
      }, WAIT)
      .toBe(true);

    await page.reload();
    await expect.poll(() => page.getByTestId('alerts-dismissed-bar').count(), WAIT).toBe(1);
    expect(await item.count()).toBe(0);

    await page.getByRole('button', { name: 'Restore All' }).click();
    await expect.poll(() => item.count(), WAIT).toBe(1);
    await expect.poll(() => badge.textContent(), WAIT).toBe('1');
    const after = await api<AlertsBody>('GET', '/api/alerts', { token: investor.token });
    expect(after.body.alerts.find((alert) => alert.id === target.id)?.dismissed).toBe(false);
    await context.close();
  });
});
