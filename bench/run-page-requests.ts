/**
 * `npm run bench:page-requests`: the API calls of each page load in Chromium (bench/page-requests.ts, the
 * full run's table in section 2), alone on an in-process local stack serving the production builds (built
 * first when missing). Printed, not written to results.md (the full run owns that table).
 */
import './quiet-env';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { runOnBenchStack } from './bench-stack';
import { countPageRequests } from './page-requests';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { pageRequestsTable } from './report/section-2-api-load';
import { ensureSitesBuilt } from './site-weight';

const loadBefore = loadAverages();
ensureSitesBuilt(true);
runOnBenchStack('nugget-bench-page-requests-', async (stack) => {
  progress('pages: API calls per page load in Chromium');
  const pages = await countPageRequests({
    webUrl: stack.webUrl,
    investor: { email: SEED_INVESTOR.email, password: SEED_INVESTOR.password },
  });
  console.log(
    [standaloneHeading('Page requests bench', loadBefore), '', pageRequestsTable(pages)].join('\n'),
  );
});
