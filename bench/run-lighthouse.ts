/**
 * `npm run bench:lighthouse`: Lighthouse on every signed-in page of the investor site (bench/lighthouse-scores.ts:
 * mobile emulation, Debian's Chromium, the seeded investor signed in through the site's dialog, the HTTP cache
 * emptied before each audit), 3 audits a page and their median, on an in-process local stack serving the
 * production builds (built first when missing; `--rebuild-sites` builds them again). Prints its section and
 * writes it into bench/results.md, in place of the previous one (the full run owns the rest of the file).
 * `--quick`: one audit a page. `--pages dashboard,portfolio`: only those pages, printed but not written into
 * results.md (the section there stays a whole run's).
 */
import './quiet-env';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { runOnBenchStack } from './bench-stack';
import { runLighthouse, type LighthouseFigures } from './lighthouse-scores';
import { loadAverages, progress, standaloneHeading, table, verdict } from './report-format';
import { DASHBOARD_PERFORMANCE_TARGET } from './report/report-data';
import { lighthouseTimingCells } from './report/section-5-sites';
import { LIGHTHOUSE_RUNS } from './run-options';
import { ensureSitesBuilt } from './site-weight';

const REPORT_PATH = fileURLToPath(new URL('./results.md', import.meta.url));
const SECTION_HEADING = '## Lighthouse on the signed-in pages (`npm run bench:lighthouse`)';

/** The issue's targets: the dashboard's (performance, LCP, TBT, CLS), and every other signed-in page's score. */
const DASHBOARD_TARGETS = { lcpMs: 2_500, tbtMs: 200, cls: 0.1 };
const OTHER_PAGE_PERFORMANCE_TARGET = 85;

/** The signed-in area's routes (web/src/app/router.tsx), the dashboard first. */
const SIGNED_IN_PATHS = [
  ['dashboard', '/dashboard'],
  ['portfolio', '/portfolio'],
  ['transactions', '/portfolio/transactions'],
  ['recommendations', '/recommendations'],
  ['screener', '/screener'],
  ['watchlists', '/watchlists'],
  ['alerts', '/alerts'],
  ['methodology', '/methodology'],
  ['subscription', '/subscription'],
  ['settings', '/settings'],
] as const;

/** `--pages a,b`: the pages named (unknown names are refused), else all of them. */
function selectedPaths(): readonly (typeof SIGNED_IN_PATHS)[number][] {
  const at = process.argv.indexOf('--pages');
  if (at < 0) return SIGNED_IN_PATHS;
  const names = (process.argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !SIGNED_IN_PATHS.some(([page]) => page === name));
  if (names.length === 0 || unknown.length > 0)
    throw new Error(`--pages takes some of ${SIGNED_IN_PATHS.map(([page]) => page).join(',')}`);
  return SIGNED_IN_PATHS.filter(([page]) => names.includes(page));
}

function targetOf(entry: LighthouseFigures): string {
  const performance = entry.performance ?? 0;
  if (entry.page !== 'dashboard')
    return `performance >= ${OTHER_PAGE_PERFORMANCE_TARGET}: ${verdict(performance >= OTHER_PAGE_PERFORMANCE_TARGET)}`;
  const met =
    performance >= DASHBOARD_PERFORMANCE_TARGET &&
    (entry.lcp_ms ?? Infinity) < DASHBOARD_TARGETS.lcpMs &&
    (entry.tbt_ms ?? Infinity) < DASHBOARD_TARGETS.tbtMs &&
    (entry.cls ?? Infinity) < DASHBOARD_TARGETS.cls;
  return `performance >= ${DASHBOARD_PERFORMANCE_TARGET}, LCP < ${DASHBOARD_TARGETS.lcpMs} ms, TBT < ${DASHBOARD_TARGETS.tbtMs} ms, CLS < ${DASHBOARD_TARGETS.cls}: ${verdict(met)}`;
}

function renderSection(entries: readonly LighthouseFigures[], heading: string): string[] {
  const dashboard = entries.find((entry) => entry.page === 'dashboard');
  return [
    SECTION_HEADING,
    '',
    heading,
    '',
    `Lighthouse (programmatic API), mobile emulation (default throttling: simulated slow 4G, 4x CPU slowdown), Debian's Chromium headless; the seeded investor signed in through the site's dialog, the HTTP cache emptied before each audit (a cold load of a returning investor); ${LIGHTHOUSE_RUNS} audits a page, the median shown. Lighthouse's simulated CPU slowdown comes on top of the host's load: compare runs of similar load.`,
    '',
    table(
      ['page', 'performance', 'LCP ms', 'TBT ms', 'CLS', 'runs: performance (load avg)', 'target', 'error'],
      entries.map((entry) => [
        entry.page,
        entry.performance ?? 'n/a',
        ...lighthouseTimingCells(entry),
        targetOf(entry),
        entry.error ?? '',
      ]),
    ),
    '',
    ...(dashboard?.lcp_element ? [`Dashboard's largest paint (median run): ${dashboard.lcp_element}.`] : []),
    ...(dashboard?.lcp_phases
      ? [
          `Its LCP phases (ms): ${Object.entries(dashboard.lcp_phases)
            .map(([phase, ms]) => `${phase} ${ms}`)
            .join(', ')}.`,
        ]
      : []),
    ...(dashboard?.main_thread_ms
      ? [
          `Main thread (ms, simulated CPU): ${Object.entries(dashboard.main_thread_ms)
            .map(([kind, ms]) => `${kind} ${ms}`)
            .join(', ')}.`,
        ]
      : []),
    '',
  ];
}

/** results.md with this section in place of the previous one (or at the end, the first time). */
function withSection(report: string, section: string): string {
  const start = report.indexOf(SECTION_HEADING);
  if (start < 0) return `${report.trimEnd()}\n\n${section}`;
  const next = report.indexOf('\n## ', start + SECTION_HEADING.length);
  return report.slice(0, start) + section + (next < 0 ? '' : report.slice(next + 1));
}

const paths = selectedPaths();
const loadBefore = loadAverages();
const rebuilt = ensureSitesBuilt(!process.argv.includes('--rebuild-sites'));
runOnBenchStack('nugget-bench-lighthouse-', async (stack) => {
  progress(`lighthouse: ${paths.length} signed-in pages, ${LIGHTHOUSE_RUNS} audits each`);
  const entries = await runLighthouse(
    paths.map(([page, path]) => ({ page, url: `${stack.webUrl}${path}`, signedIn: true })),
    { runs: LIGHTHOUSE_RUNS, investor: { email: SEED_INVESTOR.email, password: SEED_INVESTOR.password } },
  );
  const heading = `${standaloneHeading('Lighthouse bench', loadBefore)} Sites ${rebuilt ? 'built by this run' : 'reused from dist/'}.`;
  const section = renderSection(entries, heading).join('\n');
  console.log(section);
  if (paths === SIGNED_IN_PATHS && existsSync(REPORT_PATH))
    writeFileSync(REPORT_PATH, withSection(readFileSync(REPORT_PATH, 'utf8'), section));
});
