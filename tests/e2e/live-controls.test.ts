import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { raiseAlertThroughPollPath } from '../src/alerts';
import { resources } from '@app/shared/i18n';
import { api, signUpInvestor } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { signInThroughDialog, WAIT } from './investor-helpers';

interface CountBody {
  active: number;
  unread: number;
}
interface RecommendationsBody {
  recommendations: {
    symbol: string;
    rationality_score: number;
    nugget_scores: { investment_grade: string | null };
  }[];
}

/** The grade table's speculation levels (docs/product.md): C and D are HIGH. */
const HIGH_SPECULATION_GRADES = ['C', 'D'];

/** Issue 26: every control does what its label says, and the live indicators follow the stored state. */
describe('live indicators and controls in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the badge, the bell and the panel follow the real unread count; View Details, Filters and Settings work', async () => {
    const investor = await signUpInvestor('Una');
    const added = await api('POST', '/api/portfolio/holdings', {
      token: investor.token,
      body: { symbol: 'AAPL', asset_type: 'stock', shares: 1 },
      headers: { 'Idempotency-Key': `e2e-live-${investor.userId}` },
    });
    expect(added.status).toBe(201);
    // A +7 % day on three times the usual volume: the price-move and the volume-surge rules both fire.
    expect(await raiseAlertThroughPollPath(investor.userId, { volumeRatio: 3 })).toBe(2);
    const count = async () =>
      (await api<CountBody>('GET', '/api/alerts/count', { token: investor.token })).body;
    expect(await count()).toEqual({ active: 2, unread: 2, demo: false });

    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    const badge = page.getByTestId('sidebar-badge-alerts');
    await expect.poll(() => badge.textContent(), WAIT).toBe('2');
    expect(await badge.getAttribute('aria-label')).toBe('2 unread alerts');
    // The plan badge reads the user's tier (this one is on FREE), not a fixed Premium.
    expect(await page.getByTestId('sidebar-plan-badge').textContent()).toBe(resources.en.common.tiers.FREE);
    expect(await page.getByTestId('bell-dot').count()).toBe(1);
    // The dashboard's cards say what they compute: AAPL is graded, 1 of 1.
    await expect.poll(() => page.getByTestId('dashboard-asset-count').textContent(), WAIT).toBe('1 of 1');

    // The bell opens the panel; Mark read drops the badge to 1, on the server too.
    await page.getByTestId('notifications-bell').click();
    const panel = page.getByTestId('notifications-panel');
    await expect.poll(() => panel.getByTestId('notification-item').count(), WAIT).toBe(2);
    await panel
      .getByTestId('notification-item')
      .first()
      .getByRole('button', { name: /^Mark read/ })
      .click();
    await expect.poll(() => badge.textContent(), WAIT).toBe('1');
    expect(await count()).toEqual({ active: 2, unread: 1, demo: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count(), WAIT).toBe(0);

    // View Details opens the unread alert with its figures and source, and reading it clears the badge and the dot.
    await page.goto(`${webUrl}/alerts`);
    const unreadItem = page.locator('[data-testid="alert-item"]:has([data-testid="alert-unread"])');
    await expect.poll(() => unreadItem.count(), WAIT).toBe(1);
    await unreadItem.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByTestId('alert-details');
    await expect.poll(() => details.count(), WAIT).toBe(1);
    expect(await page.getByTestId('alert-source').textContent()).toBe(
      'The stored daily price and volume bars of the market',
    );
    expect(await details.getByTestId('alert-figures').textContent()).toMatch(/Trading day/);
    await page.keyboard.press('Escape');
    await expect.poll(() => badge.count(), WAIT).toBe(0);
    await expect.poll(() => page.getByTestId('bell-dot').count(), WAIT).toBe(0);
    expect(await count()).toEqual({ active: 2, unread: 0, demo: false });

    // Filters: by type (the volume surge is an AI insight; the price move a price movement).
    await page.getByRole('button', { name: 'Filters' }).click();
    // Amplify's checkbox input is visually hidden: the visitor clicks its label.
    await page.getByTestId('alerts-filters').getByText('AI insight', { exact: true }).click();
    await expect.poll(() => page.getByTestId('alert-item').count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByTestId('alert-item').count(), WAIT).toBe(2);

    // Settings: per type, in the app, by e-mail and in the daily digest, saved on the server.
    await page.getByRole('button', { name: 'Settings' }).click();
    const preferences = page.getByTestId('notification-preferences');
    const inAppInsight = preferences.getByRole('checkbox', { name: 'AI insight: In the app' });
    await expect.poll(() => inAppInsight.count(), WAIT).toBe(1);
    expect(await preferences.getByRole('checkbox', { name: 'AI insight: By e-mail' }).isChecked()).toBe(
      false,
    );
    expect(await preferences.textContent()).toContain('turns it off in one click');
    // Amplify's checkbox input is visually hidden (and its label too, in this table): the click goes to it.
    await inAppInsight.dispatchEvent('click');
    await expect.poll(() => inAppInsight.isChecked(), WAIT).toBe(false);
    await preferences.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.getByTestId('alert-item').count(), WAIT).toBe(1);
    const saved = await api<{ in_app: Record<string, boolean> }>('GET', '/api/alerts/preferences', {
      token: investor.token,
    });
    expect(saved.body.in_app.ai_insight).toBe(false);
    expect(await count()).toEqual({ active: 1, unread: 0, demo: false });
    await context.close();
  }, 180_000);

  it('Advanced Filters filter the demo list as the URL says, and the recommendations badge counts picks new since the last visit', async () => {
    const { webUrl } = inject('stack');
    const list = await api<RecommendationsBody>('GET', '/api/ai/recommendations/demo_user?limit=100');
    const { context, page } = await newPage(browser);
    await page.goto(`${webUrl}/dashboard`);
    await page.getByRole('button', { name: 'Continue as Demo User' }).click();
    // Never visited: every pick of the list is new.
    const picksBadge = page.getByTestId('sidebar-badge-recommendations');
    await expect.poll(() => picksBadge.textContent(), WAIT).toBe(String(list.body.recommendations.length));

    await page.goto(`${webUrl}/recommendations`);
    await expect.poll(() => picksBadge.count(), WAIT).toBe(0);
    await page.getByTestId('rec-filters-toggle').click();
    await page.getByTestId('rec-filters').getByLabel('Speculation level').selectOption('HIGH');
    await expect.poll(() => new URL(page.url()).searchParams.get('speculation'), WAIT).toBe('HIGH');
    const expected = list.body.recommendations
      .filter((item) => HIGH_SPECULATION_GRADES.includes(item.nugget_scores.investment_grade ?? ''))
      .map((item) => item.symbol);
    const shown = () =>
      page
        .getByTestId('recommendation-card')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-symbol')));
    await expect.poll(shown, WAIT).toEqual(expected);

    // The URL keeps the filters: a minimum score from the address, after a reload.
    await page.goto(`${webUrl}/recommendations?min=60`);
    const atLeast60 = list.body.recommendations
      .filter((item) => item.rationality_score >= 60)
      .map((item) => item.symbol);
    await expect.poll(shown, WAIT).toEqual(atLeast60);
    // The last visit is remembered: back on the dashboard, nothing is new.
    await page.goto(`${webUrl}/dashboard`);
    await expect.poll(() => page.getByTestId('dashboard-asset-count').count(), WAIT).toBe(1);
    expect(await picksBadge.count()).toBe(0);
    await context.close();
  }, 120_000);

  it('Watch Demo opens a guided tour over the demo screens, driven from the keyboard', async () => {
    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await page.goto(`${webUrl}/`);
    await page.getByTestId('watch-demo').click();
    const tour = page.getByTestId('guided-tour');
    await expect.poll(() => tour.textContent(), WAIT).toContain('step 1 of 4');
    await expect.poll(() => page.getByTestId('demo-marker').count(), WAIT).toBe(1);
    // Focus is on the step's heading; Tab reaches the buttons and Enter presses Next.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('app-tour-title');
    await tour.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${webUrl}/portfolio?tour=2`, { timeout: WAIT.timeout });
    await expect.poll(() => tour.textContent(), WAIT).toContain('Your portfolio');
    await tour.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${webUrl}/recommendations?tour=3`, { timeout: WAIT.timeout });
    // The address changes before the next screen renders (the router keeps the old one while the
    // page's code loads): pressing Next on the old panel would ask for step 3 again.
    await expect.poll(() => tour.textContent(), WAIT).toContain('step 3 of 4');
    await tour.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${webUrl}/alerts?tour=4`, { timeout: WAIT.timeout });
    await expect.poll(() => tour.textContent(), WAIT).toContain('step 4 of 4');
    await page.keyboard.press('Escape');
    await expect.poll(() => tour.count(), WAIT).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/alerts');
    await context.close();
  }, 120_000);
});
