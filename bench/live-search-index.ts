/**
 * Section 9, second part: the live search index (docs/product.md "Any asset"). In live mode the
 * portfolio area builds, per process and every 10 minutes, one index over the replay universe, the
 * screener snapshot, the SEC's ticker map, CoinGecko's coins and the committed futures, FX pairs and
 * indices (portfolio-deps.ts, the same calls as here, without the few dozen stored series). Measured with generated reference lists sized
 * like the real ones (`tickers` SEC entries, `coins` coins; names made of several words, as the
 * SEC's are): the time to build it, the heap it keeps (after a full collection, before and after)
 * and the time of one search over it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ReferenceChunk } from '@app/functions/data/reference-repository';
import {
  indexAssetUniverse,
  loadSnapshotForUniverse,
} from '@app/functions/market-data/universe/load-universe';
import { loadReferenceListings } from '@app/functions/market-data/universe/reference-listings';
import { searchUniverse } from '@app/functions/market-data/universe/search-universe';
import { round } from './report-format';

export interface SearchIndexFigures {
  tickers: number;
  coins: number;
  entries: number;
  build_ms: number;
  retained_mb: number;
  search_p50_ms: number;
  search_p99_ms: number;
}

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function heapAfterCollection(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

const WORDS = ['Global', 'American', 'Holdings', 'Capital', 'Energy', 'Therapeutics', 'Bancorp', 'Systems'];

function chunksOf<T>(entries: T[], key: (entry: T) => string): ReferenceChunk<T>[] {
  const byChunk = new Map<string, T[]>();
  for (const entry of entries) byChunk.set(key(entry), [...(byChunk.get(key(entry)) ?? []), entry]);
  return [...byChunk].map(([chunk, list]) => ({ chunk, entries: list, source: 'bench', fetched_at: '' }));
}

export async function measureLiveSearchIndex(tickers = 10_000, coins = 1_000): Promise<SearchIndexFigures> {
  const letters = (n: number) =>
    n
      .toString(26)
      .toUpperCase()
      .replace(/[0-9]/g, (d) => 'QRSTUVWXYZ'[Number(d)] ?? 'Q');
  const sec = Array.from({ length: tickers }, (_, index) => ({
    ticker: letters(index + 1000).slice(0, 5),
    cik: String(1_000_000 + index).padStart(10, '0'),
    title: `${WORDS[index % 8]} ${WORDS[(index >> 3) % 8]} ${letters(index)} Inc.`,
  }));
  const coinList = Array.from({ length: coins }, (_, index) => ({
    id: `coin-${index}`,
    symbol: letters(index + 50),
    name: `${WORDS[index % 8]} Coin ${index}`,
    market_cap_rank: index + 1,
    market_cap: 1e9 - index,
  }));
  const reference = {
    listChunks: async <T>(kind: string) =>
      (kind === 'sec-tickers'
        ? chunksOf(sec, (entry) => entry.ticker.charAt(0))
        : chunksOf(coinList, (entry) =>
            String(Math.floor(Number(entry.id.slice(5)) / 250)),
          )) as ReferenceChunk<T>[],
  };
  // Live mode quotes only the stored series (a few dozen); the lists dominate the index.
  const quoted: [] = [];
  const snapshot = loadSnapshotForUniverse(undefined);
  const before = heapAfterCollection();
  const started = performance.now();
  const index = indexAssetUniverse(quoted, snapshot, await loadReferenceListings(reference));
  const buildMs = performance.now() - started;
  const retained = heapAfterCollection() - before;
  const queries = [
    'AAPL',
    'sol',
    'gold',
    'global cap',
    'therap',
    'bitcoin',
    'EURUSD',
    'ZZZZQ',
    'energy sys',
    'q',
  ];
  const times: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    for (const query of queries) {
      const at = performance.now();
      searchUniverse(index, query, 20);
      times.push(performance.now() - at);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  return {
    tickers,
    coins,
    entries: index.entries.length,
    build_ms: round(buildMs, 0),
    retained_mb: round(retained / 1024 / 1024, 1),
    search_p50_ms: round(at(50), 2),
    search_p99_ms: round(at(99), 2),
  };
}
