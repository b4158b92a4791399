import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import {
  createContentQueueRepository,
  type ContentQueueRepository,
} from '@app/functions/data/content-queue-repository';
import {
  createRecommendationQueueRepository,
  type RecommendationQueueRepository,
} from '@app/functions/data/recommendation-queue-repository';
import { api, signInSeedAdmin, type ApiResponse } from '../src/api';
import { POLL, expectNoSeriousAxeViolations, signInAdminInBrowser } from '../src/admin-site';
import { collectConsoleErrors } from '../src/console-errors';
import { pollQueuedUndecided } from '../src/poll-queued-items';
import { launchBrowser, newPage } from '../src/browser';

interface PendingItem {
  id: string;
  symbol: string;
}
interface InvestorRecommendation {
  id: string;
  symbol: string;
  reviewed: boolean;
}

/**
 * The admin area in Chromium: review (approve one, reject another), moderation with flagged issues,
 * the price monitor refreshed on demand, the cost CSV. The price poll fills the review queue and the
 * content job the posts at stack start; when the queue is short the test queues items the way the
 * poll does (the recommendation queue repository, as tests/integration/admin.test.ts).
 */
describe('admin dashboard journeys in Chromium', () => {
  let browser: Browser;
  let recommendations: RecommendationQueueRepository;
  let content: ContentQueueRepository;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = (await signInSeedAdmin()).token;
    const client = createDocumentClient({
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: inject('stack').dynamoEndpoint,
    });
    recommendations = createRecommendationQueueRepository(client, {
      moderation: 'nugget-local-moderation',
      market: 'nugget-local-market',
    });
    content = createContentQueueRepository(client, 'nugget-local-moderation');
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function pendingItems(): Promise<PendingItem[]> {
    const items: PendingItem[] = [];
    let cursor: string | null = null;
    do {
      type Page = { pending_recommendations: PendingItem[]; next_cursor: string | null };
      const page: ApiResponse<Page> = await api<Page>('GET', '/api/admin/recommendations/pending', {
        token: adminToken,
        query: { limit: 100, ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      items.push(...page.body.pending_recommendations);
      cursor = page.body.next_cursor;
    } while (cursor);
    return items;
  }

  async function demoRecommendations(): Promise<InvestorRecommendation[]> {
    const response = await api<{ recommendations: InvestorRecommendation[] }>(
      'GET',
      '/api/ai/recommendations/demo_user?limit=50',
    );
    expect(response.status).toBe(200);
    return response.body.recommendations;
  }

  async function queueRecommendation(symbol: string): Promise<PendingItem> {
    const item = {
      id: ulid(),
      symbol,
      recommendation: 'HOLD' as const,
      risk_level: 5,
      confidence: 0.6,
      ai_score: 6.2,
      reasoning: 'Queued by the admin browser journey.',
      target_price: 100,
      generated_at: new Date().toISOString(),
    };
    expect(await recommendations.enqueueRecommendation(item)).toBe(true);
    return item;
  }

  /**
   * Opens the Recommendations tab and loads pages until the item shows (newest first): the price
   * poll's items are the oldest, behind every page other suites queued, so this can take several pages.
   */
  async function findPendingCard(page: Page, id: string) {
    const card = page.locator(`[data-testid="pending-recommendation"][data-id="${id}"]`);
    await expect
      .poll(async () => {
        if ((await card.count()) > 0) return true;
        const more = page.getByRole('button', { name: 'Load more' });
        if ((await more.count()) > 0 && (await more.isEnabled())) await more.click();
        return false;
      }, POLL)
      .toBe(true);
    return card;
  }

  it('approves one recommendation and rejects another: both leave the list; investors see the decision', async () => {
    // Items the price poll queued and investors see, the first ones by symbol: the list test
    // (integration/recommendation-review-list.test.ts) decides the last ones at the same time on the
    // stack all suites share (src/poll-queued-items.ts). A rejected item leaves every investor's
    // list; none of these is a symbol other suites look for. With too few, the test queues its own
    // items the way the poll does (investors do not see those).
    const visible = await pollQueuedUndecided();
    const [toReject, toApprove] =
      visible.length >= 4
        ? [visible[0] as PendingItem, visible[1] as PendingItem]
        : [await queueRecommendation('MSFT'), await queueRecommendation('AAPL')];

    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    await expect.poll(() => page.getByTestId('admin-summary').count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('admin-market-data').count(), POLL).toBe(1);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('tab', { name: 'Recommendations' }).click();
    const approveCard = await findPendingCard(page, toApprove.id);
    await expectNoSeriousAxeViolations(page);

    // No decision: the 'Status Required' toast, nothing sent.
    await approveCard.getByRole('button', { name: 'Submit Review' }).click();
    await expect
      .poll(() => page.getByText('Please select approval or rejection status').count(), POLL)
      .toBe(1);
    await expect.poll(() => page.getByText('Status Required').count(), POLL).toBe(1);

    await approveCard.getByText('Approve', { exact: true }).click();
    await approveCard.getByLabel('Admin notes (optional)').fill('Sound reasoning (e2e)');
    await approveCard.getByLabel('Quality score (1-10, optional)').fill('8');
    const approveRequest = page.waitForRequest((request) =>
      request.url().endsWith(`/api/admin/recommendations/${toApprove.id}/review`),
    );
    await approveCard.getByRole('button', { name: 'Submit Review' }).click();
    expect((await approveRequest).postDataJSON()).toEqual({
      status: 'APPROVED',
      admin_notes: 'Sound reasoning (e2e)',
      quality_score: 8,
    });
    await expect
      .poll(() => page.getByText('Recommendation approved or rejected successfully').count())
      .toBeGreaterThan(0);
    await expect.poll(() => approveCard.count(), POLL).toBe(0);

    const rejectCard = await findPendingCard(page, toReject.id);
    await rejectCard.getByText('Reject', { exact: true }).click();
    await rejectCard.getByRole('button', { name: 'Submit Review' }).click();
    await expect.poll(() => rejectCard.count(), POLL).toBe(0);

    const after = (await pendingItems()).map((item) => item.id);
    expect(after).not.toContain(toApprove.id);
    expect(after).not.toContain(toReject.id);
    expect(await recommendations.getRecommendation(toApprove.id)).toMatchObject({
      status: 'APPROVED',
      quality_score: 8,
    });
    expect(await recommendations.getRecommendation(toReject.id)).toMatchObject({ status: 'REJECTED' });

    // Investors: an approved poll item is marked reviewed; a rejected one never reaches them.
    const investorAfter = await demoRecommendations();
    if (visible.some((item) => item.id === toApprove.id)) {
      expect(investorAfter.find((rec) => rec.id === toApprove.id)).toMatchObject({ reviewed: true });
    }
    expect(investorAfter.map((rec) => rec.id)).not.toContain(toReject.id);
    await context.close();
  });

  it('moderates a post with flagged issues: it leaves the list and the decision is stored', async () => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    await page.getByRole('tab', { name: 'Content Review' }).click();
    const first = page.getByTestId('content-item').first();
    await expect.poll(() => first.count(), POLL).toBe(1);
    await expectNoSeriousAxeViolations(page);
    const id = (await first.getAttribute('data-id')) ?? '';
    const card = page.locator(`[data-testid="content-item"][data-id="${id}"]`);

    await card.getByRole('button', { name: 'Submit Moderation' }).click();
    await expect.poll(() => page.getByText('Please select a moderation status').count(), POLL).toBe(1);

    await card.getByText('Needs revision', { exact: true }).click();
    await card.getByText('Misleading claims', { exact: true }).click();
    await card.getByText('Compliance concerns', { exact: true }).click();
    await card.getByLabel('Moderation notes (optional)').fill('Soften the claims (e2e)');
    await card.getByRole('button', { name: 'Submit Moderation' }).click();
    await expect.poll(() => page.getByText('Moderation Complete').count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => card.count(), POLL).toBe(0);

    expect(await content.getContent(id)).toMatchObject({
      status: 'NEEDS_REVISION',
      moderation_notes: 'Soften the claims (e2e)',
      flagged_issues: ['Misleading claims', 'Compliance concerns'],
    });
    await context.close();
  });

  it('refreshes the price monitor on demand and downloads the cost CSV', async () => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    await page.getByRole('tab', { name: 'Price Monitor' }).click();
    await expect.poll(() => page.getByTestId('price-monitor-table').count(), POLL).toBe(1);
    await expectNoSeriousAxeViolations(page);

    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/price-monitoring') && response.status() === 200,
    );
    await page.getByRole('button', { name: 'Refresh prices' }).click();
    await refreshed;
    await expect
      .poll(() => page.getByTestId('price-monitor-table').locator('tbody tr').count())
      .toBeGreaterThan(0);
    // Replay is the default: every price says it is replayed, with its date, and none reads "Good".
    expect(await page.getByTestId('price-monitor-mode').getAttribute('data-value')).toBe('replay');
    const modes = await page
      .getByTestId('price-as-of')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-mode')));
    expect(modes.length).toBeGreaterThan(0);
    // Every row is replayed; DXC (first traded 2017-04-04) has no price on the market date, so its
    // row carries no date, never its last stored one (2017-11-10).
    expect(new Set(modes)).toEqual(new Set(['replay']));
    const asOfTexts = await page.getByTestId('price-as-of').allTextContents();
    expect(asOfTexts.join(' ')).not.toMatch(/2017-11|Nov 10, 2017/);
    expect(await page.getByTestId('price-quality').getByText('Good', { exact: true }).count()).toBe(0);

    // Locally the costs are read from every request record of each day (functions/src/admin/costs-service.ts):
    // late in a full run today's partition holds tens of thousands of records, which DynamoDB Local reads
    // in seconds while other suites load it, so the answer is awaited on its own before the rows.
    const costsAnswered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/costs' && response.status() === 200,
      { timeout: 150_000 },
    );
    await page.getByRole('tab', { name: 'Costs' }).click();
    await costsAnswered;
    await expect
      .poll(() => page.getByTestId('costs-table').locator('tbody tr').count(), POLL)
      .toBeGreaterThan(0);
    await expect.poll(() => page.locator('.admin-chart .recharts-surface').count(), POLL).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^request-costs_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,route,requests,p50_ms,p95_ms,average_cost_usd,total_cost_usd,cost_per_1000_usd',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},[^,]+,\d+,[\d.]+,[\d.]+,[\d.e-]+,[\d.e-]+,[\d.e-]+$/);
    await context.close();
    // The costs answer alone may take minutes late in a full run (above).
  }, 240_000);
  it('speaks French and Spanish, switches to the light theme and is usable from the keyboard; no tab logs a CSP violation or an error', async () => {
    const { context, page } = await newPage(browser);
    const logged = await collectConsoleErrors(page);
    logged.at('sign-in');
    await signInAdminInBrowser(page);
    await page.getByTestId('language-cycle').click();
    await expect.poll(() => page.getByRole('tab', { name: 'Vue d’ensemble' }).count(), POLL).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByTestId('theme-toggle').click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await expectNoSeriousAxeViolations(page);

    // Tabs: arrow keys move between them; Enter in a form field submits the review form.
    await page.getByRole('tab', { name: 'Vue d’ensemble' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Recommandations' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByTestId('language-cycle').click();
    await expect.poll(() => page.getByRole('tab', { name: 'Recomendaciones' }).count(), POLL).toBe(1);
    const card = page.getByTestId('pending-recommendation').first();
    if ((await card.count()) > 0) {
      await card.getByRole('button', { name: 'Enviar revisión' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText('Estado obligatorio').count(), POLL).toBeGreaterThan(0);
    }
    await expectNoSeriousAxeViolations(page);

    // Issue 46: every tab, as the investor site's walk does for its pages (tests/e2e/mobile-layout.test.ts):
    // nothing in the console, which is where Chromium reports a Content-Security-Policy refusal.
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index += 1) {
      const tab = tabs.nth(index);
      logged.at(`tab ${(await tab.textContent()) ?? index}`);
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected'), POLL).toBe('true');
      // Its data and its lazy code: the loaders gone (the costs' answer can take longer late in a full run).
      await expect
        .poll(() => page.locator('[role=tabpanel] .amplify-loader').count(), { timeout: 30_000 })
        .toBe(0)
        .catch(() => undefined);
      await page.waitForLoadState('networkidle').catch(() => undefined);
    }
    expect(logged.errors).toEqual([]);
    await context.close();
  }, 180_000);
});
