import { gunzipSync, gzipSync } from 'node:zlib';
import type { StoredBar } from './stored-prices';

/*
 * A replayed calendar year of bars in one market-table item (prices-repository.ts): the replay
 * loader writes a few thousand of these instead of tens of thousands of month items, in a form a
 * fraction of the size of one map per bar. `packed` is gzip over JSON rows
 * [date, open, high, low, close, volume] (null where the source has no value); the year's bars share
 * their source and fetch time. Replayed bars are final (closed) and never merged by date: the loader
 * owns them and writes whole years.
 */

type PackedRow = [string, number | null, number | null, number | null, number, number | null];

export interface PackedYear {
  year: string;
  packed: Uint8Array;
  source: string;
  fetched_at: string;
  rows: number;
}

export function packYears(bars: readonly StoredBar[]): PackedYear[] {
  const byYear = new Map<string, StoredBar[]>();
  for (const bar of bars) {
    const year = bar.date.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), bar]);
  }
  return [...byYear].map(([year, yearBars]) => {
    const rows: PackedRow[] = yearBars.map((bar) => [
      bar.date,
      bar.open ?? null,
      bar.high ?? null,
      bar.low ?? null,
      bar.close,
      bar.volume ?? null,
    ]);
    const first = yearBars[0] as StoredBar;
    return {
      year,
      packed: gzipSync(JSON.stringify(rows)),
      source: first.source,
      fetched_at: first.fetched_at,
      rows: rows.length,
    };
  });
}

export function unpackYear(item: Record<string, unknown>): StoredBar[] {
  const rows = JSON.parse(gunzipSync(item.packed as Uint8Array).toString('utf8')) as PackedRow[];
  const source = String(item.source ?? 'replay');
  const fetchedAt = String(item.fetched_at ?? '');
  return rows.map(([date, open, high, low, close, volume]) => {
    const bar: StoredBar = { date, close, closed: true, source, fetched_at: fetchedAt };
    if (open !== null) bar.open = open;
    if (high !== null) bar.high = high;
    if (low !== null) bar.low = low;
    if (volume !== null) bar.volume = volume;
    return bar;
  });
}
