import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { api, signInSeedInvestor, signUpInvestor } from '../src/api';
import { subscribe } from '../src/billing';
import { launchBrowser, newPage } from '../src/browser';
import { seriousAxeViolations, signInThroughDialog, WAIT } from './investor-helpers';

interface RecommendationsBody {
  recommendations: { symbol: string }[];
  total_available: number;
  tier_cap: number;
}

async function recommendationsOf(userId: string, token: string): Promise<RecommendationsBody> {
  const response = await api<RecommendationsBody>('GET', `/api/ai/recommendations/${userId}`, {
    token,
    query: { limit: 100 },
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function openRecommendations(page: Page): Promise<void> {
  const { webUrl } = inject('stack');
  await page.goto(`${webUrl}/recommendations`);
  await expect.poll(() => page.getByRole('heading', { name: 'AI Recommendations' }).count(), WAIT).toBe(1);
  await expect.poll(() => page.getByTestId('recommendation-card').count(), WAIT).toBeGreaterThan(0);
}

/** Issue 12, part 5: the recommendations page and its contextual tab in Chromium on the local stack. */
describe('investor recommendations in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a FREE investor sees at most 3 recommendations and the upsell for the rest, without full analysis', async () => {
    const investor = await signUpInvestor('Freya');
    const expected = await recommendationsOf(investor.userId, investor.token);
    expect(expected.tier_cap).toBe(3);
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await openRecommendations(page);

    await expect
      .poll(() => page.getByTestId('recommendation-card').count(), WAIT)
      .toBe(expected.recommendations.length);
    expect(expected.recommendations.length).toBeLessThanOrEqual(3);
    const hidden = expected.total_available - expected.recommendations.length;
    if (hidden > 0) {
      await expect
        .poll(() => page.getByTestId('recommendations-upsell').textContent(), WAIT)
        .toContain(`${hidden} additional recommendation`);
    } else {
      expect(await page.getByTestId('recommendations-upsell').count()).toBe(0);
    }
    await expect.poll(() => page.getByText(/^Used: \d+\/3 since 00:00 UTC$/).count(), WAIT).toBe(1);
    // Advanced Filters is a real panel now (exercised in live-controls.test.ts).
    expect(await page.getByTestId('rec-filters-toggle').count()).toBe(1);

    await page
      .getByTestId('recommendation-card')
      .first()
      .getByRole('button', { name: /Show analysis/ })
      .click();
    await expect.poll(() => page.getByText(/Basic analysis: this asset is graded/).count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Add (Rational)' }).count()).toBe(0);
    // Opening a detail counts one of the day's 3 (the server's answer, shown on the usage card).
    await expect.poll(() => page.getByText('Used: 1/3 since 00:00 UTC').count(), WAIT).toBe(1);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the seeded PREMIUM investor sees every available recommendation with the full analysis', async () => {
    const investor = await signInSeedInvestor();
    const expected = await recommendationsOf(investor.userId, investor.token);
    expect(expected.recommendations.length).toBe(expected.total_available);
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, SEED_INVESTOR.email, SEED_INVESTOR.password);
    await openRecommendations(page);

    await expect
      .poll(() => page.getByTestId('recommendation-card').count(), WAIT)
      .toBe(expected.total_available);
    expect(await page.getByTestId('recommendations-upsell').count()).toBe(0);
    await expect.poll(() => page.getByTestId('plan-badge').textContent(), WAIT).toBe('Premium plan');
    // The track record card states only the universe backtest's result and links to its figures.
    const trackRecord = page.getByTestId('rec-track-record');
    await expect.poll(() => trackRecord.textContent(), WAIT).toContain('Track Record');
    expect(await trackRecord.textContent()).not.toMatch(/94\s?%|accuracy/i);
    expect(await trackRecord.locator('a[href="/track-record"]').count()).toBe(1);

    const first = page.getByTestId('recommendation-card').first();
    await first.getByRole('button', { name: /Show analysis/ }).click();
    // The reasoning is said once, factor by factor, under "Why this grade" (issue 28).
    await expect.poll(() => first.getByTestId('factor-explanation').count(), WAIT).toBeGreaterThan(0);
    expect(await first.getByRole('heading', { name: 'Reasoning' }).count()).toBe(0);
    await expect.poll(() => first.getByRole('heading', { name: 'Why this grade' }).count(), WAIT).toBe(1);
    expect(await first.getByRole('button', { name: 'Add (Rational)' }).count()).toBe(1);

    // One detail at a time.
    const second = page.getByTestId('recommendation-card').nth(1);
    await second.getByRole('button', { name: /Show analysis/ }).click();
    await expect.poll(() => page.getByRole('region', { name: /^Analysis of / }).count(), WAIT).toBe(1);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it("'Add (Rational)' adds the symbol to a PREMIUM investor's portfolio", async () => {
    const investor = await signUpInvestor('Paula');
    await subscribe(investor, 'PREMIUM');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await openRecommendations(page);

    // AAPL is in the replay universe and searchable, so a portfolio accepts it.
    const symbol = 'AAPL';
    const card = page.locator(`[data-testid="recommendation-card"][data-symbol="${symbol}"]`);
    await expect.poll(() => card.count(), WAIT).toBe(1);
    await card.getByRole('button', { name: /Show analysis/ }).click();
    await card.getByLabel('Shares').fill('2');
    await card.getByRole('button', { name: 'Add (Rational)' }).click();
    await expect
      .poll(() => page.getByText(`${symbol} has been added to your portfolio.`).count(), WAIT)
      .toBe(1);

    const portfolio = await api<{ assets: { symbol: string; shares: number }[] }>('GET', '/api/portfolio', {
      token: investor.token,
    });
    expect(portfolio.status).toBe(200);
    expect(portfolio.body.assets).toEqual([expect.objectContaining({ symbol, shares: 2 })]);
    await context.close();
  });

  it('the contextual tab loads in demo mode and the toggle refetches real data with its own parameters', async () => {
    const investor = await signUpInvestor('Cleo');
    const { context, page } = await newPage(browser);
    const requests: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/contextual-recommendations')) requests.push(new URL(request.url()));
    });
    await signInThroughDialog(page, investor.email, investor.password);
    await openRecommendations(page);

    await page.getByRole('tab', { name: 'Contextual Intelligence' }).click();
    await expect.poll(() => requests.length, WAIT).toBeGreaterThan(0);
    const demo = requests[0]!.searchParams;
    expect(Object.fromEntries(demo)).toEqual({
      hours_back: '48',
      min_impact_score: '50',
      limit: '5',
      demo_mode: 'true',
    });
    await expect.poll(() => page.getByText('DEMO', { exact: true }).count(), WAIT).toBe(1);
    await expect
      .poll(
        async () =>
          (await page.getByTestId('contextual-card').count()) +
          (await page.getByText('No Active Market Catalysts').count()),
        WAIT,
      )
      .toBeGreaterThan(0);

    // Over replayed history the catalysts are the product's samples: Real Data is off, and says why
    // (its request parameters are pinned by the contextual view's unit test).
    const realData = page
      .getByRole('radio', { name: 'Real Data' })
      .or(page.getByRole('button', { name: 'Real Data' }));
    expect(await realData.isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId('real-data-note').textContent(), WAIT)
      .toBe('Real catalysts need live mode');
    expect(requests.some((url) => url.searchParams.get('demo_mode') === 'false')).toBe(false);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
