/**
 * `npm run bench:fact-sheet`: a symbol's and a portfolio's fact sheet answer times (bench/fact-sheet.ts)
 * on an in-process local stack, printed as a section of bench/results.md.
 */
import './quiet-env';
import { runOnBenchStack } from './bench-stack';
import { renderFactSheetBench, runFactSheetBench } from './fact-sheet';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { QUICK } from './run-options';

const loadBefore = loadAverages();
runOnBenchStack('nugget-bench-fact-sheet-', async (stack) => {
  progress('fact sheets: symbols, then a portfolio, one request at a time');
  const figures = await runFactSheetBench(stack, { requests: QUICK ? 20 : 200 });
  console.log(
    [standaloneHeading('Fact sheet bench', loadBefore), '', ...renderFactSheetBench(figures)].join('\n'),
  );
});
