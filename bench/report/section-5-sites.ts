/** Section 5: the sites' weight and their Lighthouse scores. */
import type { LighthouseFigures } from '../lighthouse-scores';
import { kib, table, verdict } from '../report-format';
import type { SiteWeight } from '../site-weight';
import {
  ADMIN_ENTRY_BUDGET_BYTES,
  DASHBOARD_PERFORMANCE_TARGET,
  HOME_JS_BUDGET_BYTES,
  type Report,
} from './report-data';

/** An audit's LCP, TBT, CLS and each run's score with the load it ran under: the columns both Lighthouse tables share. */
export function lighthouseTimingCells(entry: LighthouseFigures): (string | number)[] {
  return [
    entry.lcp_ms === null ? 'n/a' : Math.round(entry.lcp_ms),
    entry.tbt_ms === null ? 'n/a' : Math.round(entry.tbt_ms),
    entry.cls ?? 'n/a',
    entry.runs.map((run) => `${run.performance ?? 'n/a'} (${run.load_average})`).join(', '),
  ];
}
function budgetOf(site: SiteWeight): string {
  if (site.site === 'web')
    return `home JS < 150 KB: ${verdict(site.initial_js_gzipped < HOME_JS_BUDGET_BYTES)}`;
  return `entry < 120 KB: ${verdict(site.initial_js_gzipped < ADMIN_ENTRY_BUDGET_BYTES)}`;
}

/** Raw KB of `name` in the site's initial chunks (among each chunk's four biggest contributors). */
function initialRawOf(site: SiteWeight, name: string): number {
  return site.chunks
    .filter((chunk) => chunk.initial)
    .flatMap((chunk) => chunk.contributors)
    .filter((contributor) => contributor.name === name)
    .reduce((sum, contributor) => sum + contributor.bytes, 0);
}

function weightProse(sites: readonly SiteWeight[]): string {
  const admin = sites.find((site) => site.site === 'admin-web');
  const parts = [
    "What loads when: recharts (the portfolio and cost charts) and Amplify Auth are lazy chunks; the investor site's signed-in area and each of its pages are lazy routes, and the footer's data-sources line (the market clock's query, which brings the API contract) is a chunk of its own, so no public page's entry carries the contract. " +
      "The admin site's entry holds only what decides the first screen (react-dom, i18next, the preferences, the session check); the login, the signed-in dashboard (with the API client, the query cache and the contract's schemas) and each dashboard tab but the overview are chunks of their own, and the toasts' Amplify UI code loads with the first toast. A visitor with no stored session is known to be signed out without downloading Amplify (its token store's LastAuthUser key, web/src/kit/auth/amplify-auth.ts).",
  ];
  if (admin) {
    const zodRaw = initialRawOf(admin, 'zod');
    parts.push(
      zodRaw > 0
        ? `zod in the admin entry: ${kib(zodRaw)} KB raw, zod/mini's core for the runtime configuration's parser (kit/config/runtime-config.ts); the contract's schemas are not in it.`
        : 'zod is not in the admin entry.',
    );
  }
  return parts.join(' ');
}

function lighthouseProse(entries: readonly LighthouseFigures[]): string {
  const dashboard = entries.find((entry) => entry.signed_in);
  const loads = entries.flatMap((entry) => entry.runs.map((run) => run.load_average));
  const sentences = [
    "The dashboard is audited signed in: the seeded investor signs in through the site's dialog in the same Chromium (playwright-core over its DevTools port); Lighthouse then keeps storage (the Amplify session) and the HTTP cache is emptied before each audit, so every audit is a cold load of a returning investor. Home, pricing and the admin login are audited as a visitor.",
  ];
  if (loads.length > 0) {
    sentences.push(
      `Each page was audited ${Math.max(...entries.map((entry) => entry.runs.length))} times; the table shows the median run and every run's score with the 1-minute load average when it ended (${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} over this section on a 2-core machine). Lighthouse simulates a 4x slower CPU on top of the host's, so TBT and the render-bound part of LCP grow with the host's load: compare runs of similar load.`,
    );
  }
  if (dashboard && dashboard.performance !== null) {
    const met = dashboard.performance >= DASHBOARD_PERFORMANCE_TARGET;
    sentences.push(
      `Signed-in dashboard: performance ${dashboard.performance} against ${DASHBOARD_PERFORMANCE_TARGET} (${met ? 'met' : 'missed'}), LCP ${Math.round(dashboard.lcp_ms ?? 0)} ms, TBT ${Math.round(dashboard.tbt_ms ?? 0)} ms, CLS ${dashboard.cls ?? 'n/a'}.` +
        (dashboard.lcp_element ? ` Its largest paint: ${dashboard.lcp_element}.` : '') +
        (dashboard.lcp_phases
          ? ` LCP phases (ms): ${Object.entries(dashboard.lcp_phases)
              .map(([phase, ms]) => `${phase} ${ms}`)
              .join(', ')}.`
          : '') +
        (dashboard.main_thread_ms
          ? ` Main thread (ms, simulated CPU): ${Object.entries(dashboard.main_thread_ms)
              .map(([kind, ms]) => `${kind} ${ms}`)
              .join(', ')}.`
          : ''),
    );
  }
  return sentences.join(' ');
}

export function renderSites(report: Report): string[] {
  const out = ['## 5. Sites', ''];
  if (report.sites) {
    out.push(
      `Vite production builds (${report.sitesBuilt ? 'built by this run' : 'existing dist/, reused with --reuse-sites'}). Initial = the entry script of dist/index.html, its modulepreloads and stylesheets, gzipped (level 9): what must load before the first paint. The admin site's first paint is its startup status; its login then adds the login chunk with Amplify UI, its dashboard the signed-in chunks (lazy rows below).`,
      '',
    );
    out.push(
      table(
        ['site', 'initial JS gz KB', 'initial CSS gz KB', 'initial files', 'budget'],
        report.sites.map((site) => [
          site.site,
          Number(kib(site.initial_js_gzipped)),
          Number(kib(site.initial_css_gzipped)),
          site.initial
            .map((asset) => `${asset.file.replace('/assets/', '')} ${kib(asset.gzipped_bytes)}`)
            .join(', '),
          budgetOf(site),
        ]),
      ),
      '',
      'Largest chunks and what they are made of (bytes attributed from the source maps; raw, before gzip):',
      '',
      table(
        ['site', 'chunk', 'gz KB', 'initial', 'main modules (raw KB)'],
        report.sites.flatMap((site) =>
          site.chunks
            .slice(0, 6)
            .map((chunk) => [
              site.site,
              chunk.file,
              Number(kib(chunk.gzipped_bytes)),
              chunk.initial ? 'yes' : 'no (lazy)',
              chunk.contributors
                .map((contributor) => `${contributor.name} ${kib(contributor.bytes)}`)
                .join(', '),
            ]),
        ),
      ),
      '',
      weightProse(report.sites),
      '',
    );
  }
  if (report.lighthouse) {
    out.push(
      'Lighthouse 12.8.2, programmatic API, mobile emulation (default throttling: simulated slow 4G, 4x CPU slowdown), Chromium headless with the TOOLCHAIN flags, local build served by the local stack:',
      '',
      table(
        [
          'page',
          'performance',
          'accessibility',
          'LCP ms',
          'TBT ms',
          'CLS',
          'runs: performance (load avg)',
          'target',
          'failed a11y audits / error',
        ],
        report.lighthouse.map((entry) => [
          entry.page,
          entry.performance ?? 'n/a',
          entry.accessibility ?? 'n/a',
          ...lighthouseTimingCells(entry),
          entry.page === 'home' || entry.page === 'pricing'
            ? verdict((entry.performance ?? 0) >= 95 && (entry.accessibility ?? 0) >= 95)
            : entry.signed_in
              ? `performance >= ${DASHBOARD_PERFORMANCE_TARGET}: ${verdict((entry.performance ?? 0) >= DASHBOARD_PERFORMANCE_TARGET)}`
              : '-',
          [entry.failed_accessibility_audits.join(', '), entry.error ?? ''].filter(Boolean).join(' — '),
        ]),
      ),
      '',
      lighthouseProse(report.lighthouse),
      '',
    );
  }
  return out;
}
