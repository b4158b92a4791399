/**
 * `npx tsx bench/sites.ts [--runs N] [--reuse-sites] [--only <page name part>]`: section 5 alone (the sites' weight, then
 * Lighthouse on a bench stack of its own), printed as JSON, for working on the sites without the whole
 * bench. `npm run bench` runs the same measures into bench/results.md.
 */
import './quiet-env';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { startBenchStack } from './bench-stack';
import { runLighthouse } from './lighthouse-scores';
import { countPageRequests } from './page-requests';
import { lighthousePages } from './run-options';
import { ensureSitesBuilt, measureSite, SITES } from './site-weight';

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag >= 0 ? Number(process.argv[runsFlag + 1]) : 3;
const onlyFlag = process.argv.indexOf('--only');
const only = onlyFlag >= 0 ? process.argv[onlyFlag + 1] : undefined;

ensureSitesBuilt(process.argv.includes('--reuse-sites'));
const weight = SITES.map((site) => {
  const measured = measureSite(site);
  return {
    site,
    initial_js_gzipped: measured.initial_js_gzipped,
    initial_css_gzipped: measured.initial_css_gzipped,
    initial: measured.initial.map((asset) => `${asset.file} ${asset.gzipped_bytes}`),
  };
});
console.log(JSON.stringify({ weight }, null, 2));

const work = mkdtempSync(join(tmpdir(), 'nugget-sites-'));
const stack = await startBenchStack(work);
try {
  const investor = { email: SEED_INVESTOR.email, password: SEED_INVESTOR.password };
  const pages = await countPageRequests({ webUrl: stack.webUrl, investor });
  console.log(JSON.stringify({ pages }, null, 2));
  console.log(JSON.stringify({ load_before: loadavg() }));
  const audited = lighthousePages(stack.webUrl, stack.adminUrl).filter(
    (page) => !only || page.page.includes(only),
  );
  const lighthouse = await runLighthouse(audited, { runs, investor });
  console.log(JSON.stringify({ lighthouse, load_after: loadavg() }, null, 2));
} finally {
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
