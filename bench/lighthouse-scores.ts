import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signInThroughDialog } from './page-requests';

/**
 * Section 5, scores: Lighthouse 12 (programmatic API) on the local build served by the local stack,
 * mobile emulation (Lighthouse's default form factor and throttling), Debian's Chromium launched by
 * chrome-launcher with the TOOLCHAIN flags (no outside DNS). A signed-in page is audited in a browser
 * where the investor has signed in through the site's own dialog (playwright-core over the same
 * Chromium's DevTools port); Lighthouse then keeps storage (the Amplify session in localStorage) but
 * the HTTP cache is cleared before every audit, so each is a cold load like the visitor's.
 * With LIGHTHOUSE_REPORTS_DIR set, every audit's full result (LHR JSON) is written there, for the
 * LCP element, the main-thread breakdown and the request chains behind a figure.
 */

export interface LighthouseRun {
  performance: number | null;
  lcp_ms: number | null;
  tbt_ms: number | null;
  fcp_ms: number | null;
  /** 1-minute load average of the machine when the audit ended. */
  load_average: number;
}

export interface LighthouseFigures {
  page: string;
  url: string;
  /** Whether the page was audited with the seeded investor signed in. */
  signed_in: boolean;
  /** The run with the median performance score (its accessibility and metrics below). */
  performance: number | null;
  accessibility: number | null;
  lcp_ms: number | null;
  tbt_ms: number | null;
  cls: number | null;
  failed_accessibility_audits: string[];
  /** The median run's largest-contentful-paint element (its selector and text) and LCP's phases. */
  lcp_element?: string | undefined;
  lcp_phases?: Record<string, number> | undefined;
  /** The median run's main-thread time by kind (script evaluation, style and layout, GC...), ms. */
  main_thread_ms?: Record<string, number> | undefined;
  /** Every run, in order. */
  runs: LighthouseRun[];
  error?: string;
}

export interface LighthousePage {
  page: string;
  url: string;
  signedIn?: boolean;
}

export interface LighthouseOptions {
  /** Audits of each page (the figures are the median run's). */
  runs?: number;
  /** Signs the investor in on a signed-in page's site (the first time one comes). */
  investor?: { email: string; password: string };
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

function chromiumPath(): string {
  return (
    process.env.CHROME_PATH ??
    execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim()
  );
}

/** Signs in through the investor site's dialog in Chromium's default context, so the session stays. */
async function signInInvestor(
  port: number,
  url: string,
  investor: { email: string; password: string },
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(url);
    await signInThroughDialog(page, investor);
    await page.getByRole('button', { name: 'Sign In / Sign Up' }).first().waitFor({ state: 'detached' });
    await page.close();
  } finally {
    // Disconnects playwright only; the browser stays for Lighthouse.
    await browser.close();
  }
}

/** Empties Chromium's HTTP cache (storage stays): every audit downloads the site again. */
async function clearHttpCache(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = context.pages()[0] ?? (await context.newPage());
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.detach();
  } finally {
    await browser.close();
  }
}

async function auditOnce(port: number, { url, signedIn }: LighthousePage) {
  if (signedIn) await clearHttpCache(port);
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // A signed-in audit keeps the session Amplify stored (the cache was cleared above).
    ...(signedIn ? { disableStorageReset: true } : {}),
  });
  return runner?.lhr;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof auditOnce>>>;

function figuresOf(lhr: Lhr) {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? Math.round(value * 1000) / 1000 : null;
  };
  const failed = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    .map((audit) => audit?.id ?? '?');
  // The LCP element audit: a list of two tables, the element, then the phases of its timing.
  const lcpTables = (
    lhr.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: Record<string, unknown>[] }[] } | undefined
  )?.items;
  const lcpNode = lcpTables?.[0]?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const lcpPhases = Object.fromEntries(
    (lcpTables?.[1]?.items ?? []).map((row) => [String(row.phase), Math.round(Number(row.timing))]),
  );
  const mainThread = Object.fromEntries(
    (
      (lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] })
        ?.items ?? []
    ).map((item) => [item.group, Math.round(item.duration)]),
  );
  return {
    lcp_element: lcpNode
      ? `${lcpNode.selector ?? '?'} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"`
      : undefined,
    lcp_phases: lcpTables?.[1] ? lcpPhases : undefined,
    main_thread_ms: Object.keys(mainThread).length > 0 ? mainThread : undefined,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp_ms: numeric('largest-contentful-paint'),
    tbt_ms: numeric('total-blocking-time'),
    fcp_ms: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    failed_accessibility_audits: failed,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
  };
}

export async function runLighthouse(
  pages: readonly LighthousePage[],
  { runs = 1, investor }: LighthouseOptions = {},
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  const results: LighthouseFigures[] = [];
  let signedInOrigin: string | null = null;
  try {
    for (const target of pages) {
      const signedIn = target.signedIn === true;
      try {
        if (signedIn && signedInOrigin !== new URL(target.url).origin) {
          if (!investor) throw new Error('a signed-in page needs the investor credentials');
          await signInInvestor(chrome.port, target.url, investor);
          signedInOrigin = new URL(target.url).origin;
        }
        const audits: ReturnType<typeof figuresOf>[] = [];
        const runFigures: LighthouseRun[] = [];
        for (let run = 0; run < runs; run += 1) {
          const lhr = await auditOnce(chrome.port, { ...target, signedIn });
          if (!lhr) throw new Error('Lighthouse returned no result');
          const reports = process.env.LIGHTHOUSE_REPORTS_DIR;
          if (reports) {
            const name = `${target.page.replace(/[^a-z0-9]+/gi, '-')}-${run + 1}.json`;
            writeFileSync(join(reports, name), JSON.stringify(lhr));
          }
          const figures = figuresOf(lhr);
          audits.push(figures);
          runFigures.push({
            performance: figures.performance,
            lcp_ms: figures.lcp_ms,
            tbt_ms: figures.tbt_ms,
            fcp_ms: figures.fcp_ms,
            load_average: Math.round((loadavg()[0] ?? 0) * 100) / 100,
          });
        }
        const median = [...audits].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1))[
          Math.floor(audits.length / 2)
        ];
        if (!median) throw new Error('no Lighthouse run');
        const { fcp_ms: _fcp, ...medianFigures } = median;
        results.push({
          page: target.page,
          url: target.url,
          signed_in: signedIn,
          ...medianFigures,
          runs: runFigures,
        });
      } catch (error: unknown) {
        results.push({
          page: target.page,
          url: target.url,
          signed_in: signedIn,
          performance: null,
          accessibility: null,
          lcp_ms: null,
          tbt_ms: null,
          cls: null,
          failed_accessibility_audits: [],
          runs: [],
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
