/**
 * `npm run bench:dynamo`: section 3 alone (DynamoDB calls, items, capacity and Scans per route, from
 * the sequential pass's cost records) on an in-process local stack, printed as bench/results.md's section.
 */
import './quiet-env';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { login } from './api-load';
import { runOnBenchStack } from './bench-stack';
import { renderDynamo } from './report/section-3-dynamodb';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { QUICK } from './run-options';
import { runSequentialPass } from './sequential-pass';

const loadBefore = loadAverages();
runOnBenchStack('nugget-bench-dynamo-', async (stack) => {
  const admin = await login(stack.webUrl, SEED_ADMIN.email, SEED_ADMIN.password, stack.seed.adminTotpSecret);
  progress('dynamodb: sequential pass over every route');
  const pass = await runSequentialPass(stack, admin, QUICK ? 2 : 5);
  const report = {
    startedAt: new Date(),
    loadBefore: [],
    sitesBuilt: false,
    errors: [],
    consumption: pass.consumption,
  };
  console.log([standaloneHeading('DynamoDB efficiency', loadBefore), '', ...renderDynamo(report)].join('\n'));
});
