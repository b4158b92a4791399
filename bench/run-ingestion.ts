/**
 * `npm run bench:ingestion`: section 8 alone (bench/ingestion.ts), 2,000 symbols at 10 requests a
 * second through two worker processes, printed as its section of bench/results.md with the profile
 * of where the wall time went. `-- --quick` runs 200 symbols; `-- --symbols=<n>` any other count.
 */
import './quiet-env';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIngestionBench } from './ingestion';
import { renderIngestion } from './report/section-8-ingestion';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { QUICK } from './run-options';

const loadBefore = loadAverages();
const symbolsArgument = process.argv.find((argument) => argument.startsWith('--symbols='));
const symbols = symbolsArgument ? Number(symbolsArgument.split('=')[1]) : QUICK ? 200 : 2_000;
const work = mkdtempSync(join(tmpdir(), 'nugget-bench-ingestion-'));
try {
  const figures = await runIngestionBench({ symbols, requestsPerSecond: 10, workers: 2, work, progress });
  console.log(
    [
      standaloneHeading('Ingestion bench', loadBefore),
      '',
      ...renderIngestion(figures, symbols !== 2_000),
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
