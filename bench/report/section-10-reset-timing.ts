import type { ResetTimingFigures } from '../reset-timing';
import { table } from '../report-format';

/** Section 10: does a password reset's answer time tell whether the address has an account? */
export function renderResetTiming(figures: ResetTimingFigures | undefined): string[] {
  const out = ['## 10. Password reset: the same answer in the same time, account or not', ''];
  if (!figures) return [...out, 'Not measured (see the failure above).', ''];
  const total = figures.known.requests + figures.unknown.requests;
  out.push(
    `POST /api/auth/password-reset, ${figures.known.requests} requests for addresses with an account and ` +
      `${figures.unknown.requests} for addresses without, alternating, one at a time over HTTP on the local stack ` +
      '(bench/reset-timing.ts). Both store a code and put one message on the mail queue; the mail is sent after ' +
      'the answer by the queue consumer (functions/src/notifications/mail-queue.ts).',
    '',
    table(
      ['address', 'p50 (ms)', 'p99 (ms)', 'mean (ms)', 'max (ms)'],
      [
        [
          'with an account',
          figures.known.p50_ms,
          figures.known.p99_ms,
          figures.known.mean_ms,
          figures.known.max_ms,
        ],
        [
          'without',
          figures.unknown.p50_ms,
          figures.unknown.p99_ms,
          figures.unknown.mean_ms,
          figures.unknown.max_ms,
        ],
      ],
    ),
    '',
    `Answers differing from the first one (status and bytes): ${figures.different_answers}. The best single ` +
      `cut-off on the time (${figures.best_cut_off_ms} ms) labels ${figures.told_apart} of ${total} requests right ` +
      `(${total / 2} is a coin toss). The accounts' mails reached maildev afterwards: ${figures.mails_delivered ? 'yes' : 'no'}.`,
    '',
  );
  return out;
}
