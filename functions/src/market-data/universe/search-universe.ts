import type { UniverseAsset } from './build-universe';

/**
 * Asset search over the universe: symbol prefix and name-word prefix, case- and accent-insensitive.
 *
 * Ranking, best first:
 *   0 exact symbol (`aapl`, `^gspc`; also `gspc` for an index and `btc` for the BTC-USD pair)
 *   1 symbol prefix
 *   2 the whole name equals the query (`bitcoin` -> Bitcoin before "Bitcoin Depot Inc.")
 *   3 the name starts with the query
 *   4 every query word is the prefix of some word of the name (`gold trust`, `apple`)
 * then by market capitalisation (largest first, unknown last), then by symbol.
 */

export interface SearchIndexEntry {
  asset: UniverseAsset;
  symbolKey: string;
  /**
   * The symbol as people type it: without an index's caret (`GSPC` for `^GSPC`) and without a crypto
   * pair's quote currency (`BTC` for `BTC-USD`).
   */
  bareSymbolKey: string;
  normalizedName: string;
  nameWords: string[];
}

export interface UniverseIndex {
  entries: SearchIndexEntry[];
  bySymbol: Map<string, UniverseAsset>;
}

/** Lower case, accents removed (NFD then combining marks dropped), so `Société` matches `societe`. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a folded text: runs of letters and digits (`S&P 500` -> s, p, 500). */
export function wordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export function buildUniverseIndex(assets: readonly UniverseAsset[]): UniverseIndex {
  const entries = assets.map((asset) => {
    const normalizedName = wordsOf(foldText(asset.name)).join(' ');
    const symbolKey = asset.symbol.toUpperCase();
    return {
      asset,
      symbolKey,
      bareSymbolKey:
        asset.asset_type === 'crypto' ? symbolKey.replace(/-USD$/, '') : symbolKey.replace(/^\^/, ''),
      normalizedName,
      nameWords: normalizedName.split(' ').filter(Boolean),
    };
  });
  return { entries, bySymbol: new Map(assets.map((asset) => [asset.symbol.toUpperCase(), asset])) };
}

/** The rank of an entry for a query (lower is better), or null when it does not match. */
export function rankMatch(
  entry: SearchIndexEntry,
  symbolQuery: string,
  queryWords: readonly string[],
): number | null {
  if (symbolQuery !== '') {
    if (entry.symbolKey === symbolQuery || entry.bareSymbolKey === symbolQuery) return 0;
    if (entry.symbolKey.startsWith(symbolQuery) || entry.bareSymbolKey.startsWith(symbolQuery)) return 1;
  }
  if (queryWords.length === 0) return null;
  const phrase = queryWords.join(' ');
  if (entry.normalizedName === phrase) return 2;
  if (entry.normalizedName.startsWith(phrase)) return 3;
  const everyWordMatches = queryWords.every((queryWord) =>
    entry.nameWords.some((nameWord) => nameWord.startsWith(queryWord)),
  );
  return everyWordMatches ? 4 : null;
}

/** The symbol form of a query: folded, upper case, spaces removed (`brk.b`, ` ^gspc `). */
function symbolQueryOf(query: string): string {
  const compact = foldText(query).replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9^][A-Z0-9.\-=^/]*$/.test(compact) ? compact : '';
}

/** The best `limit` matches of `query`, best first. */
export function searchUniverse(index: UniverseIndex, query: string, limit: number): UniverseAsset[] {
  const symbolQuery = symbolQueryOf(query);
  const queryWords = wordsOf(foldText(query));
  const matches: { entry: SearchIndexEntry; rank: number }[] = [];
  for (const entry of index.entries) {
    const rank = rankMatch(entry, symbolQuery, queryWords);
    if (rank !== null) matches.push({ entry, rank });
  }
  matches.sort(
    (left, right) =>
      left.rank - right.rank ||
      (right.entry.asset.market_cap ?? -1) - (left.entry.asset.market_cap ?? -1) ||
      left.entry.symbolKey.localeCompare(right.entry.symbolKey),
  );
  return matches.slice(0, limit).map((match) => match.entry.asset);
}
