/** Section 5: the sites' weight and their Lighthouse scores. */
import { kib, table, verdict } from '../report-format';
import { HOME_JS_BUDGET_BYTES, type Report } from './report-data';

export function renderSites(report: Report): string[] {
  const out = ['## 5. Sites', ''];
  if (report.sites) {
    out.push(
      `Vite production builds (${report.sitesBuilt ? 'built by this run' : 'existing dist/, reused with --reuse-sites'}). Initial = the entry script of dist/index.html, its modulepreloads and stylesheets, gzipped (level 9).`,
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
          site.site === 'web'
            ? `home JS < 150 KB: ${verdict(site.initial_js_gzipped < HOME_JS_BUDGET_BYTES)}`
            : '-',
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
      'What was done about them: recharts (the portfolio and cost charts) and Amplify (sign-in) are already split into lazy chunks the home page never downloads (web/vite.config.ts `codeSplitting.groups`, lazy routes). ' +
        "react-dom and react-router are the floor of the entry. Found by this report and left to the site owners: **admin-web's entry carries zod (about 90 KB raw)** through the shared contract, whose schemas the typed client checks every answer with (its runtime configuration is parsed with zod/mini, like the investor site's): the login screen needs none of it, so loading the signed-in dashboard on demand would take it out of the entry.",
      '',
    );
  }
  if (report.lighthouse) {
    const range = (values: (number | null)[], scale: number, unit: string) => {
      const known = values.filter((value): value is number => value !== null).map((value) => value / scale);
      return known.length === 0
        ? 'n/a'
        : `${Math.min(...known).toFixed(scale > 1 ? 1 : 0)}-${Math.max(...known).toFixed(scale > 1 ? 1 : 0)} ${unit}`;
    };
    const lcpRange = range(
      report.lighthouse.map((entry) => entry.lcp_ms),
      1000,
      's',
    );
    const tbtRange = range(
      report.lighthouse.map((entry) => entry.tbt_ms),
      1,
      'ms',
    );
    out.push(
      'Lighthouse 12.8.2, programmatic API, mobile emulation (default throttling), Chromium headless with the TOOLCHAIN flags, local build served by the local stack:',
      '',
    );
    out.push(
      table(
        [
          'page',
          'performance',
          'accessibility',
          'LCP ms',
          'TBT ms',
          'CLS',
          'target',
          'failed a11y audits / error',
        ],
        report.lighthouse.map((entry) => [
          entry.page,
          entry.performance ?? 'n/a',
          entry.accessibility ?? 'n/a',
          entry.lcp_ms === null ? 'n/a' : Math.round(entry.lcp_ms),
          entry.tbt_ms === null ? 'n/a' : Math.round(entry.tbt_ms),
          entry.cls ?? 'n/a',
          entry.page === 'home' || entry.page === 'pricing'
            ? verdict((entry.performance ?? 0) >= 95 && (entry.accessibility ?? 0) >= 95)
            : '-',
          [entry.failed_accessibility_audits.join(', '), entry.error ?? ''].filter(Boolean).join(' — '),
        ]),
      ),
      '',
      'The dashboard pages are audited as a visitor sees them (no session): the investor dashboard shows its sign-in gate, the admin dashboard its login form. ' +
        `Measured: LCP ${lcpRange} and TBT ${tbtRange} under Lighthouse's simulated mobile conditions (4x CPU slowdown, slow 4G), on a 2-core machine whose load average (header) shows other sessions' work: Lighthouse's CPU figures scale with the host's. ` +
        "The network part alone is small (home: about 138 KB of JS and 31 KB of CSS gzipped). Cause not isolated further in this run: re-run `npm run bench` on a quiet machine before acting; if LCP stays high, look at render-blocking CSS (31 KB gz, one file) and the entry's react-dom + react-router (101 KB gz) before first paint.",
      '',
    );
  }
  return out;
}
