import type { Browser, Page, Route } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { createRecommendationQueueRepository } from '@app/functions/data/recommendation-queue-repository';
import { POLL, expectNoSeriousAxeViolations, signInAdminInBrowser } from '../src/admin-site';
import { launchBrowser, newPage } from '../src/browser';

/**
 * docs/product.md "Errors and empty results", the admin load failures. The shared stack cannot be stopped from one test file,
 * so the browser intercepts the admin API (page.route) and answers 401, 500, 404 or drops the
 * connection: the site's API client sees exactly what a stopped or failing API gives it.
 */
describe('admin load failures in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // One queued item of its own, so the failed-review case never depends on the poll's queue.
    const client = createDocumentClient({
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: inject('stack').dynamoEndpoint,
    });
    const recommendations = createRecommendationQueueRepository(client, {
      moderation: 'nugget-local-moderation',
      market: 'nugget-local-market',
    });
    await recommendations.enqueueRecommendation({
      id: ulid(),
      symbol: 'NVDA',
      recommendation: 'HOLD',
      risk_level: 5,
      confidence: 0.6,
      ai_score: 6,
      reasoning: 'Queued by the admin failure journey.',
      target_price: 100,
      generated_at: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const answer = (status: number) => (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: 'Injected' }) });

  /** Signs in, then makes the dashboard fail and reloads its data with the header's Refresh. */
  async function failDashboard(page: Page, handler: (route: Route) => Promise<void>): Promise<void> {
    await signInAdminInBrowser(page);
    await page.route('**/api/admin/dashboard', handler);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  }

  it.each([
    ['500', answer(500), 'Server error. Please contact support.'],
    [
      'a dropped connection',
      (route: Route) => route.abort('connectionrefused'),
      'Cannot connect to server. Please check your connection.',
    ],
    ['404', answer(404), 'Failed to load admin dashboard data.'],
  ] as const)('a dashboard load answered with %s shows its toast', async (_case, handler, message) => {
    const { context, page } = await newPage(browser);
    await failDashboard(page, handler);
    await expect.poll(() => page.getByText('Dashboard Load Failed').count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(message).count(), POLL).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page);
    // Still signed in: only 401 and 403 end the session.
    expect(await page.getByTestId('admin-user').count()).toBe(1);
    await context.close();
  });

  it.each([401, 403])(
    'a dashboard load answered %i signs out and shows the login after 2 s',
    async (status) => {
      const { context, page } = await newPage(browser);
      await failDashboard(page, answer(status));
      await expect
        .poll(() => page.getByText('Authentication failed. Please login again.').count())
        .toBeGreaterThan(0);
      const shownAt = Date.now();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Admin Portal' }).count(), { timeout: 10_000 })
        .toBe(1);
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_000);
      await page.unroute('**/api/admin/dashboard');
      // The session is gone: a reload stays on the login.
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: 'Admin Portal' }).count(), POLL).toBe(1);
      await context.close();
    },
  );

  it.each([
    ['Recommendations', '**/api/admin/recommendations/pending**', 'Failed to load pending recommendations'],
    ['Content Review', '**/api/admin/content/social-studio**', 'Failed to load content for review'],
    ['Price Monitor', '**/api/admin/price-monitoring', 'Failed to load price monitoring data'],
  ])('the %s tab shows Load Failed when its list cannot load', async (tab, pattern, message) => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    await page.route(pattern, answer(500));
    await page.getByRole('tab', { name: tab }).click();
    await expect.poll(() => page.getByText('Load Failed', { exact: true }).count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(message).count(), POLL).toBeGreaterThan(0);
    await context.close();
  });
  it('a failed review shows Review Failed and keeps the item in the list', async () => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    await page.route('**/api/admin/recommendations/*/review', answer(500));
    await page.getByRole('tab', { name: 'Recommendations' }).click();
    const card = page.getByTestId('pending-recommendation').first();
    await expect.poll(() => card.count(), POLL).toBe(1);
    const id = await card.getAttribute('data-id');
    await card.getByText('Approve', { exact: true }).click();
    await card.getByRole('button', { name: 'Submit Review' }).click();
    await expect
      .poll(() => page.getByText('Failed to submit recommendation review').count())
      .toBeGreaterThan(0);
    expect(await page.getByText('Review Failed', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator(`[data-testid="pending-recommendation"][data-id="${id}"]`).count()).toBe(1);
    await context.close();
  });

  it('a failed moderation shows Moderation Failed and keeps the post in the list', async () => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    await page.route('**/api/admin/content/*/moderate', answer(500));
    await page.getByRole('tab', { name: 'Content Review' }).click();
    const card = page.getByTestId('content-item').first();
    await expect.poll(() => card.count(), POLL).toBe(1);
    const id = await card.getAttribute('data-id');
    await card.getByText('Rejected', { exact: true }).click();
    await card.getByRole('button', { name: 'Submit Moderation' }).click();
    await expect
      .poll(() => page.getByText('Failed to submit content moderation').count(), POLL)
      .toBeGreaterThan(0);
    expect(await page.getByText('Moderation Failed', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator(`[data-testid="content-item"][data-id="${id}"]`).count()).toBe(1);
    await context.close();
  });
});
