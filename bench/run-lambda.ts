/**
 * `npm run bench:lambda`: section 1 of `npm run bench` alone (bench/lambda-artefacts.ts: every Lambda
 * bundle built with the CDK's esbuild options, its size, largest parts and cold initialisation), printed
 * as bench/results.md's section. Needs no stack. `--quick`: 5 init runs instead of 20.
 */
import './quiet-env';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureArtefacts } from './lambda-artefacts';
import { renderArtefacts } from './report/section-1-lambda-artefacts';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { INIT_RUNS } from './run-options';

const loadBefore = loadAverages();
const work = mkdtempSync(join(tmpdir(), 'nugget-bench-lambda-'));
try {
  progress(`lambda artefacts: building and timing ${INIT_RUNS} cold imports each`);
  const artefacts = await measureArtefacts(join(work, 'bundles'), INIT_RUNS);
  const report = { startedAt: new Date(), loadBefore: [], sitesBuilt: false, errors: [], artefacts };
  console.log([standaloneHeading('Lambda artefacts', loadBefore), '', ...renderArtefacts(report)].join('\n'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
