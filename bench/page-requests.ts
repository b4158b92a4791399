import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from '../tests/src/browser';

/**
 * Section 2, page side: the API calls one page load makes, recorded in Chromium (playwright-core, the
 * TOOLCHAIN flags), with the depth of the longest waterfall: a call is at depth n+1 when it starts
 * after a call of depth n has answered (so depth 1 = all started in parallel at load).
 */

interface RecordedCall {
  method: string;
  path: string;
  started: number;
  ended: number;
  status: number;
}

export interface PageLoadFigures {
  page: string;
  visitor: 'demo visitor' | 'signed-in investor';
  api_calls: number;
  waterfall_depth: number;
  calls: string[];
  note?: string;
}

/** Signs the investor in through the investor site's dialog, from a page that shows the sign-in gate. */
export async function signInThroughDialog(
  page: Page,
  investor: { email: string; password: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Sign In / Sign Up' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').first().fill(investor.email);
  await dialog.getByLabel('Password', { exact: true }).first().fill(investor.password);
  await dialog.locator('form button[type=submit]').first().click();
}

function waterfallDepth(calls: readonly RecordedCall[]): number {
  const depths: number[] = [];
  const sorted = [...calls].sort((a, b) => a.started - b.started);
  sorted.forEach((call, index) => {
    let depth = 1;
    for (let before = 0; before < index; before += 1) {
      const earlier = sorted[before];
      if (earlier && earlier.ended <= call.started) depth = Math.max(depth, (depths[before] ?? 1) + 1);
    }
    depths.push(depth);
  });
  return Math.max(0, ...depths);
}

function recordApiCalls(page: Page): { calls: RecordedCall[]; reset: () => void } {
  const calls: RecordedCall[] = [];
  const started = new Map<object, number>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) started.set(request, performance.now());
  });
  page.on('requestfinished', async (request) => {
    const start = started.get(request);
    if (start === undefined) return;
    const response = await request.response();
    const url = new URL(request.url());
    calls.push({
      method: request.method(),
      path: `${url.pathname}${url.search}`,
      started: start,
      ended: performance.now(),
      status: response?.status() ?? 0,
    });
  });
  return {
    calls,
    reset: () => {
      calls.length = 0;
      started.clear();
    },
  };
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
}

function figuresOf(
  page: string,
  visitor: PageLoadFigures['visitor'],
  calls: readonly RecordedCall[],
): PageLoadFigures {
  return {
    page,
    visitor,
    api_calls: calls.length,
    waterfall_depth: waterfallDepth(calls),
    calls: calls.map((call) => `${call.method} ${call.path} (${call.status})`),
  };
}

export async function countPageRequests(options: {
  webUrl: string;
  investor: { email: string; password: string };
}): Promise<PageLoadFigures[]> {
  const browser = await launchBrowser();
  const results: PageLoadFigures[] = [];
  try {
    for (const path of ['/', '/pricing', '/dashboard']) {
      const { context, page } = await newPage(browser, { mobile: true });
      const recorder = recordApiCalls(page);
      await page.goto(`${options.webUrl}${path}`);
      await settle(page);
      results.push(figuresOf(path, 'demo visitor', recorder.calls));
      await context.close();
    }

    const { context, page } = await newPage(browser, { mobile: true });
    const recorder = recordApiCalls(page);
    await page.goto(`${options.webUrl}/dashboard`);
    await settle(page);
    let note: string | undefined;
    try {
      await signInThroughDialog(page, options.investor);
      await page.waitForURL(`${options.webUrl}/dashboard`, { timeout: 15_000 });
      await settle(page);
      // A fresh load of the dashboard, signed in: what a returning investor's browser asks for.
      recorder.reset();
      await page.reload();
      await settle(page);
    } catch (error: unknown) {
      note = `sign-in through the dialog failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    results.push({
      ...figuresOf('/dashboard', 'signed-in investor', recorder.calls),
      ...(note ? { note } : {}),
    });
    await context.close();
  } finally {
    await browser.close();
  }
  return results;
}
