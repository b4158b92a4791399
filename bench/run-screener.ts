/**
 * `npm run bench:screener`: the screener's answer times (bench/screener.ts) alone on an in-process
 * local stack holding the whole replayed universe, printed as its section of bench/results.md.
 */
import './quiet-env';
import { runOnBenchStack } from './bench-stack';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { QUICK } from './run-options';
import { renderScreenerBench, runScreenerBench } from './screener';

const loadBefore = loadAverages();
runOnBenchStack('nugget-bench-screener-', async (stack) => {
  progress('screener: every filter, one request at a time');
  const figures = await runScreenerBench(stack, { requests: QUICK ? 20 : 200 });
  console.log(
    [standaloneHeading('Screener bench', loadBefore), '', ...renderScreenerBench(figures)].join('\n'),
  );
});
