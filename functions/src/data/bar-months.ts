import type { Bar, IsoDate } from '../engine/types';
import type { StoredBar } from './stored-prices';

/*
 * Bars of one month as the market table keeps them (data/prices-repository.ts): one entry per date,
 * merged by date, so a bar written twice is stored once.
 */

const PRICE_FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;
/** Two writers merging the same month at once: one re-reads and merges again. */
export const MAX_MERGE_ATTEMPTS = 5;

export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

function sameBar(a: StoredBar, b: StoredBar): boolean {
  return (
    PRICE_FIELDS.every((field) => a[field] === b[field]) &&
    a.closed === b.closed &&
    a.source === b.source &&
    (a.flags ?? []).join(',') === (b.flags ?? []).join(',')
  );
}

/*
 * The stored form of a bar is compact: DynamoDB counts attribute names in an item's size (a write
 * unit per KB), and a month holds about 22 bars. One letter per field, the fetch time in epoch
 * seconds: about 80 bytes a bar instead of 140, two write units a month instead of three.
 *
 *   d date, o open, h high, l low, c close, v volume, x closed (0 for a running session),
 *   s source (the provider: yahoo, coingecko, replay), f fetched at (epoch s), q quality flags
 */

export function encodeBar(bar: StoredBar): Record<string, unknown> {
  const item: Record<string, unknown> = { d: bar.date, c: bar.close };
  if (bar.open !== undefined) item.o = bar.open;
  if (bar.high !== undefined) item.h = bar.high;
  if (bar.low !== undefined) item.l = bar.low;
  if (bar.volume !== undefined) item.v = bar.volume;
  if (!bar.closed) item.x = 0;
  item.s = bar.source;
  item.f = Math.round(Date.parse(bar.fetched_at) / 1000);
  if (bar.flags && bar.flags.length > 0) item.q = bar.flags;
  return item;
}

export function storedBarOf(value: Record<string, unknown>): StoredBar {
  const bar: StoredBar = {
    date: String(value.d),
    close: Number(value.c),
    closed: value.x !== 0,
    source: String(value.s ?? ''),
    fetched_at: typeof value.f === 'number' ? new Date(value.f * 1000).toISOString() : '',
  };
  const fields = { o: 'open', h: 'high', l: 'low', v: 'volume' } as const;
  for (const [key, field] of Object.entries(fields) as [
    keyof typeof fields,
    (typeof fields)[keyof typeof fields],
  ][]) {
    if (typeof value[key] === 'number') bar[field] = value[key];
  }
  if (Array.isArray(value.q) && value.q.length > 0) bar.flags = value.q.map(String);
  return bar;
}

/** The month's bars after the merge, and how many dates changed. */
export function mergeMonth(
  stored: readonly StoredBar[],
  incoming: readonly StoredBar[],
  replace: { from: IsoDate; to: IsoDate } | undefined,
): { bars: StoredBar[]; changed: number } {
  const byDate = new Map(stored.map((bar) => [bar.date, bar]));
  let changed = 0;
  if (replace) {
    const incomingDates = new Set(incoming.map((bar) => bar.date));
    for (const date of [...byDate.keys()]) {
      if (date >= replace.from && date <= replace.to && !incomingDates.has(date)) {
        byDate.delete(date);
        changed += 1;
      }
    }
  }
  for (const bar of incoming) {
    const current = byDate.get(bar.date);
    if (current && sameBar(current, bar)) continue;
    byDate.set(bar.date, bar);
    changed += 1;
  }
  return { bars: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)), changed };
}

export function monthItemOf(item: Record<string, unknown> | undefined): {
  bars: StoredBar[];
  version: number | null;
} {
  return {
    bars: Array.isArray(item?.bars) ? (item.bars as Record<string, unknown>[]).map(storedBarOf) : [],
    version: typeof item?.version === 'number' ? item.version : null,
  };
}

/** Months written at once by one merge (a backfill touches 24). */
export const MONTH_WRITE_CONCURRENCY = 6;

export function toEngineBar(bar: StoredBar): Bar {
  const engineBar: Bar = { date: bar.date, close: bar.close };
  for (const field of ['open', 'high', 'low', 'volume'] as const) {
    if (bar[field] !== undefined) engineBar[field] = bar[field];
  }
  return engineBar;
}
