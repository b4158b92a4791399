import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAlertsRepository } from '@app/functions/data/alerts-repository';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { raiseUserAlerts } from '@app/functions/user-alerts/user-alerts-service';
import type { SymbolSnapshot } from '@app/functions/engine/catalysts/user-alerts';
import { tableName } from '@app/infra/lib/table-definitions';
import { api, signUpInvestor } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { seriousAxeViolations, signInThroughDialog, WAIT } from './investor-helpers';

interface AlertsBody {
  alerts: { id: string; title: string; dismissed: boolean }[];
  demo: boolean;
}

/**
 * The price poll raises each holder's alerts through `raiseAlertsForSymbol`, which runs
 * `raiseUserAlerts` per holder, when a replayed move crosses a rule. When the replay next does that is
 * a fact of the real data (minutes to hours away), so the journey runs that same path against the
 * stack's DynamoDB with a snapshot of a +7 % day on AAPL: the real rule and the real write path
 * decide, and the alert is the one the poll would write.
 */
async function raiseAlertThroughPollPath(userId: string): Promise<number> {
  const { dynamoEndpoint } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  const alerts = createAlertsRepository(client, {
    holdings: tableName('local', 'holdings'),
    usage: tableName('local', 'usage'),
  });
  // Only the fields the rules read: the day's move, its date, and the volatility and volume behind it.
  const snapshot = {
    quote: { symbol: 'AAPL', change_percent: 7, as_of: '2018-02-05' },
    analysis: {
      risk_metrics: { volatility_1month: 20, annualisation_factor: 252 },
      volume_analysis: { volume_ratio_20d: 1 },
    },
  } as unknown as SymbolSnapshot;
  // raiseUserAlerts is what raiseAlertsForSymbol runs for each holder; called for this user alone so
  // the other suites' holders of AAPL get no extra alert.
  const result = await raiseUserAlerts(
    {
      userId,
      holdings: [{ symbol: 'AAPL', name: 'Apple Inc.' }],
      snapshots: new Map([['AAPL', snapshot]]),
      catalysts: [],
    },
    { alerts, now: () => new Date(), getTier: async () => 'FREE' },
  );
  return result.outcomes.filter((outcome) => outcome === 'written').length;
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

    await item.getByRole('button', { name: /^Dismiss alert/ }).click();
    await expect.poll(() => item.count(), WAIT).toBe(0);
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
    const after = await api<AlertsBody>('GET', '/api/alerts', { token: investor.token });
    expect(after.body.alerts.find((alert) => alert.id === target.id)?.dismissed).toBe(false);
    await context.close();
  });
});
