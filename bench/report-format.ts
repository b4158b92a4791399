/** Small helpers every bench section uses: percentiles, rounding, Markdown tables, process output. */
import { loadavg } from 'node:os';

/** Nearest-rank percentile of ascending samples (fraction 0-1). */
export function percentile(sortedAscending: readonly number[], fraction: number): number {
  if (sortedAscending.length === 0) return 0;
  const rank = Math.min(sortedAscending.length, Math.max(1, Math.ceil(fraction * sortedAscending.length)));
  return sortedAscending[rank - 1] ?? 0;
}

/** Times a synchronous piece of work in this process after `warmUp` untimed runs: p50 and p99 in ms. */
export function timeInProcess(
  runs: number,
  warmUp: number,
  work: () => unknown,
): { p50_ms: number; p99_ms: number } {
  const timings: number[] = [];
  for (let run = 0; run < runs + warmUp; run += 1) {
    const started = performance.now();
    work();
    if (run >= warmUp) timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { p50_ms: round(percentile(timings, 0.5)), p99_ms: round(percentile(timings, 0.99)) };
}

/** Sequential request latency: percentiles, mean and maximum in ms, and the statuses seen. */
export interface LatencyFigures {
  requests: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
  statuses: Record<string, number>;
}

/** Times `call` one request at a time after `warmUp` untimed calls: per-request latency, not throughput. */
export async function timeSequentially(
  call: () => Promise<{ status: number }>,
  requests: number,
  warmUp: number,
): Promise<LatencyFigures> {
  for (let i = 0; i < warmUp; i += 1) await call();
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await call();
    samples.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  return summariseLatency(samples, statuses);
}

export function summariseLatency(
  samples: readonly number[],
  statuses: Record<string, number>,
): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requests: samples.length,
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
    mean_ms: round(samples.reduce((sum, sample) => sum + sample, 0) / Math.max(1, samples.length)),
    max_ms: round(sorted.at(-1) ?? 0),
    statuses,
  };
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

export function mib(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

export function usd(value: number, decimals = 2): string {
  return `$${value.toFixed(decimals)}`;
}

export type Cell = string | number;

/** A GitHub-flavoured Markdown table; numbers are right-aligned. */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const numeric = headers.map(
    (_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'),
  );
  const escape = (cell: Cell) => String(cell).replaceAll('|', '\\|').replaceAll('\n', ' ');
  return [
    `| ${headers.map(escape).join(' | ')} |`,
    `| ${numeric.map((isNumber) => (isNumber ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

export function verdict(met: boolean): string {
  return met ? 'met' : '**missed**';
}

/** Progress lines go to stderr so the report alone is the product. */
export function progress(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** The load averages now, as a standalone bench prints them ("1.20 / 0.90 / 0.75"). */
export function loadAverages(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

/** The first line of a standalone bench's printout: its name, when, Node, and the load before and after. */
export function standaloneHeading(name: string, loadBefore: string): string {
  return `${name}, ${new Date().toISOString()}, Node ${process.version}; load average before ${loadBefore}, after ${loadAverages()}.`;
}
