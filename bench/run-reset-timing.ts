/**
 * `npm run bench:reset-timing`: section 10 of `npm run bench` alone, printed instead of written to
 * results.md (which the full run owns): the password reset's answer time for addresses with and
 * without an account (bench/reset-timing.ts), on an in-process local stack.
 */
import './quiet-env';
import { runOnBenchStack } from './bench-stack';
import { renderResetTiming } from './report/section-10-reset-timing';
import { loadAverages, progress, standaloneHeading } from './report-format';
import { runResetTimingBench } from './reset-timing';
import { QUICK } from './run-options';

const loadBefore = loadAverages();
runOnBenchStack('nugget-bench-reset-', async (stack) => {
  progress('password reset: known and unknown addresses, alternating');
  const figures = await runResetTimingBench(stack, { requests: QUICK ? 30 : 200 });
  console.log(
    [standaloneHeading('Reset timing bench', loadBefore), '', ...renderResetTiming(figures)].join('\n'),
  );
});
