import type { IngestionBenchFigures } from '../ingestion';
import { mib, round, table } from '../report-format';

/** Section 8: ingestion at scale (bench/ingestion.ts measures it). */
export function renderIngestion(figures: IngestionBenchFigures | undefined, quick: boolean): string[] {
  const out = ['## 8. Ingestion at scale (provider simulator, 10 requests a second)', ''];
  if (!figures) return [...out, 'Not measured (see the failure above).', ''];
  out.push(
    `${figures.symbols} generated symbols (test data), two years of daily bars each, from the provider simulator's chart endpoint through the planner, ` +
      `the fauxqs queue and ${figures.worker_peak_rss_bytes.length} worker processes running the bundled worker handler (the CDK allows two concurrent invocations) into a DynamoDB Local of their own. ` +
      `One request per symbol, so the limit of ${figures.requests_per_second} requests a second sets a floor of **${figures.floor_seconds} s**${quick ? ' (--quick: fewer symbols)' : ''}.`,
    '',
    table(
      ['figure', 'value', 'target'],
      [
        ['wall time, planner to queues empty (s)', figures.wall_seconds, `floor ${figures.floor_seconds} s`],
        ['wall time / floor', round(figures.wall_seconds / figures.floor_seconds, 2), '-'],
        ['requests to the provider', figures.requests, `${figures.symbols} (one each)`],
        ['busiest sliding second (requests)', figures.busiest_second, `<= ${figures.requests_per_second}`],
        ['bars expected (served by the simulator)', figures.bars_expected, '-'],
        ['bars stored', figures.bars_stored, figures.bars_expected],
        ['bars lost', figures.bars_lost, 0],
        ['bars duplicated', figures.bars_duplicated, 0],
        ['symbols missing a bar', figures.symbols_incomplete, 0],
        ['DynamoDB write units per symbol', figures.write_units_per_symbol, '-'],
        ['DynamoDB read units per symbol', figures.read_units_per_symbol, '-'],
        ['worker invocations (batches of 5 messages)', figures.worker_invocations, '-'],
        [
          'worker peak resident memory (MiB), per process',
          figures.worker_peak_rss_bytes.map((bytes) => mib(bytes)).join(', '),
          'Lambda: 512 MB',
        ],
      ],
    ),
    '',
    "Write units: the workers' own capacity records (DynamoDB Local reports ConsumedCapacity like DynamoDB, one unit per KB written), over the symbols. " +
      'Most of it is the bars: about 24 month items of about 3 KB per symbol (infra/README.md "The stored market"); the rest is the quote, the series state and one rate-limit slot per request.',
    '',
    ...renderIngestionProfile(figures),
  );
  return out;
}

/** Where the wall time went: the request timeline the provider saw, the workers' busy time, CPU per process. */
function renderIngestionProfile(figures: IngestionBenchFigures): string[] {
  const profile = figures.profile;
  const cpu = profile.cpu_seconds;
  const cpuTotal = [...cpu.workers, cpu.dynamodb, cpu.queue, cpu.bench].reduce(
    (sum, value) => sum + value,
    0,
  );
  return [
    "Profile of the same run: the provider's request log against the wall time, the time each worker spent inside its handler, and the CPU each process used (from /proc).",
    '',
    table(
      ['figure', 'value'],
      [
        ['planner start to the first request (s)', profile.first_request_seconds],
        ['first to last request (s)', profile.request_span_seconds],
        ['last request to queues empty (s)', profile.tail_seconds],
        ["limiter's slot interval (ms)", profile.slot_interval_ms],
        ['mean gap between requests (ms)', profile.mean_gap_ms],
        [
          'gaps over 1.5 slot intervals: count, time lost beyond one interval (s)',
          `${profile.long_gaps}, ${profile.long_gap_seconds}`,
        ],
        [
          'send path p50 / p99 / max (ms): guard wake-up after its slot; guard to socket write; write to arrival; slot to arrival',
          [
            profile.send_path_ms.wake_up,
            profile.send_path_ms.to_socket,
            profile.send_path_ms.to_arrival,
            profile.send_path_ms.slot_to_arrival,
          ]
            .map((figures) => figures.join(' / '))
            .join('; '),
        ],
        [
          'slots given up on a late wake-up; requests not written past their send deadline',
          `${profile.slots_given_up}; ${profile.requests_unsent}`,
        ],
        ['slots the limiter handed out / requests sent', `${profile.slots_reserved} / ${figures.requests}`],
        [
          'requests beyond one per symbol; symbols asked more than once',
          `${profile.repeated_requests}; ${profile.symbols_repeated}`,
        ],
        ['worker busy time, per process (s)', profile.worker_busy_seconds.join(', ')],
        ['CPU, worker processes (s)', cpu.workers.join(', ')],
        ['CPU, DynamoDB Local (s)', cpu.dynamodb],
        ['CPU, queue server (s)', cpu.queue],
        ['CPU, bench process: simulator and watcher (s)', cpu.bench],
        ['CPU, all of them / (2 cores x wall time)', round(cpuTotal / (2 * figures.wall_seconds), 2)],
      ],
    ),
    '',
  ];
}
