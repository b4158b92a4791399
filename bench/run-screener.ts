/**
 * `npm run bench:screener`: the screener's answer times (bench/screener.ts) alone on an in-process
 * local stack holding the whole replayed universe, printed as its section of bench/results.md.
 */
import './quiet-env';
import { loadavg } from 'node:os';
import { runOnBenchStack } from './bench-stack';
import { progress } from './report-format';
import { QUICK } from './run-options';
import { renderScreenerBench, runScreenerBench } from './screener';

const loadBefore = loadavg().map((value) => value.toFixed(2));
runOnBenchStack('nugget-bench-screener-', async (stack) => {
  progress('screener: every filter, one request at a time');
  const figures = await runScreenerBench(stack, { requests: QUICK ? 20 : 200 });
  console.log(
    [
      `Screener bench, ${new Date().toISOString()}, Node ${process.version}; load average before ` +
        `${loadBefore.join(' / ')}, after ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' / ')}.`,
      '',
      ...renderScreenerBench(figures),
    ].join('\n'),
  );
});
