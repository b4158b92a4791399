import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Section 5, scores: Lighthouse 12 (programmatic API) on the local build served by the local stack,
 * mobile emulation (Lighthouse's default form factor and throttling), Debian's Chromium launched by
 * chrome-launcher with the TOOLCHAIN flags (no outside DNS).
 */

export interface LighthouseFigures {
  page: string;
  url: string;
  performance: number | null;
  accessibility: number | null;
  lcp_ms: number | null;
  tbt_ms: number | null;
  cls: number | null;
  failed_accessibility_audits: string[];
  error?: string;
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

export async function runLighthouse(
  pages: readonly { page: string; url: string }[],
): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  const results: LighthouseFigures[] = [];
  try {
    for (const { page, url } of pages) {
      try {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = runner?.lhr;
        const score = (id: string) => {
          const value = lhr?.categories[id]?.score;
          return typeof value === 'number' ? Math.round(value * 100) : null;
        };
        const numeric = (id: string) => {
          const value = lhr?.audits[id]?.numericValue;
          return typeof value === 'number' ? Math.round(value * 1000) / 1000 : null;
        };
        const failed = (lhr?.categories.accessibility?.auditRefs ?? [])
          .map((ref) => lhr?.audits[ref.id])
          .filter(
            (audit) =>
              audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
          )
          .map((audit) => audit?.id ?? '?');
        results.push({
          page,
          url,
          performance: score('performance'),
          accessibility: score('accessibility'),
          lcp_ms: numeric('largest-contentful-paint'),
          tbt_ms: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          failed_accessibility_audits: failed,
          ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : {}),
        });
      } catch (error: unknown) {
        results.push({
          page,
          url,
          performance: null,
          accessibility: null,
          lcp_ms: null,
          tbt_ms: null,
          cls: null,
          failed_accessibility_audits: [],
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
