import * as z from 'zod';
import type { UniverseAsset } from './build-universe';
import searchTermsFile from './search-terms.json' with { type: 'json' };

/**
 * Asset search over the universe: symbols, name words and a few words people type for a kind of fund
 * or a benchmark, case- and accent-insensitive (`societe` finds "Société Générale", `ÁPPLE` Apple).
 *
 * Tiers, best first:
 *   0 the whole query is a term of search-terms.json (`s&p`, `sp500`, `gold`, `treasury`, `reit`):
 *     the term's symbols in their order (`s&p` -> ^GSPC, SPY, IVV, VOO), then the ETFs of its
 *     categories (`gold` -> GLD, IAU), those whose name also matches the query first. This tier comes
 *     before exact symbols on purpose: `gold` lists GLD and IAU before Barrick Gold (ticker GOLD) and
 *     before every mining stock, since the terms are words for a fund, rarely a ticker people mean.
 *   1 exact symbol (`aapl`, `^gspc`; also `gspc` for an index and `btc`/`eth` for a coin's -USD pair)
 *   2 symbol prefix
 *   3 the whole name equals the query (`bitcoin`, `ethereum` -> the coin, before any trust named after it)
 *   4 the name starts with the query's words, whole (`gold` -> "Gold Fields", not yet "Goldman Sachs")
 *   5 the query words prefix consecutive words of the name (`gold tr` -> "iShares Gold Trust", `gold`
 *     -> "Goldman Sachs", "Kinross Gold")
 *   6 every query word is the prefix of some word of the name, in any order
 * Within a tier: a quoted symbol (dated price) before an undated snapshot or listed-only entry, then
 * by market capitalisation (largest first, unknown last), then by symbol.
 */

const SearchTermRuleSchema = z.object({
  terms: z.array(z.string()).min(1),
  symbols: z.array(z.string()).default([]),
  categories: z.array(z.string()).default([]),
  /** With categories: only the ETFs whose name has a word starting with one of these (`silver` -> SLV, not USO). */
  nameWords: z.array(z.string()).default([]),
});
const SearchTermsSchema = z.object({ rules: z.array(SearchTermRuleSchema) });
export type SearchTermRule = z.infer<typeof SearchTermRuleSchema>;

/** The committed terms (validated once, so a typo in the JSON fails at cold start, loudly). */
export const SEARCH_TERM_RULES: readonly SearchTermRule[] = SearchTermsSchema.parse(searchTermsFile).rules;

/** The key a query and a term are compared by: folded, letters and digits only (`S&P 500` -> `sp500`). */
export function termKeyOf(text: string): string {
  return wordsOf(foldText(text)).join('');
}

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
  /** The term rules by term key (`sp500` -> the S&P rule). */
  terms: Map<string, SearchTermRule>;
}

/** Lower case, accents removed (NFD then combining marks dropped), so `Société` matches `societe`. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a folded text: runs of letters and digits (`S&P 500` -> s, p, 500). */
export function wordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export function buildUniverseIndex(
  assets: readonly UniverseAsset[],
  termRules: readonly SearchTermRule[] = SEARCH_TERM_RULES,
): UniverseIndex {
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
  const terms = new Map<string, SearchTermRule>();
  for (const rule of termRules) for (const term of rule.terms) terms.set(termKeyOf(term), rule);
  return {
    entries,
    bySymbol: new Map(assets.map((asset) => [asset.symbol.toUpperCase(), asset])),
    terms,
  };
}

/** True when the query words prefix consecutive words of the name. */
function matchesInSequence(nameWords: readonly string[], queryWords: readonly string[]): boolean {
  for (let start = 0; start + queryWords.length <= nameWords.length; start += 1) {
    if (queryWords.every((queryWord, offset) => nameWords[start + offset]?.startsWith(queryWord)))
      return true;
  }
  return false;
}

/** The tier (1-6) of an entry for a query by its symbol and name (lower is better), or null when it does not match. */
export function rankMatch(
  entry: SearchIndexEntry,
  symbolQuery: string,
  queryWords: readonly string[],
): number | null {
  if (symbolQuery !== '') {
    if (entry.symbolKey === symbolQuery || entry.bareSymbolKey === symbolQuery) return 1;
    if (entry.symbolKey.startsWith(symbolQuery) || entry.bareSymbolKey.startsWith(symbolQuery)) return 2;
  }
  if (queryWords.length === 0) return null;
  const phrase = queryWords.join(' ');
  if (entry.normalizedName === phrase) return 3;
  if (entry.normalizedName.startsWith(`${phrase} `)) return 4;
  // The cheap test first: most names fail it, and only names that pass it can match in sequence.
  const everyWordMatches = queryWords.every((queryWord) =>
    entry.nameWords.some((nameWord) => nameWord.startsWith(queryWord)),
  );
  if (!everyWordMatches) return null;
  return matchesInSequence(entry.nameWords, queryWords) ? 5 : 6;
}

/**
 * The order of an entry inside tier 0 when the query is a term of `rule` (lower is better), or null
 * when the rule does not cover it: the rule's symbols by position, then its categories' ETFs, those
 * whose name matches the query first.
 */
function termOrder(entry: SearchIndexEntry, rule: SearchTermRule, nameTier: number | null): number | null {
  const position = rule.symbols.findIndex((symbol) => symbol.toUpperCase() === entry.symbolKey);
  if (position >= 0) return position;
  const category = entry.asset.category;
  if (!category || !rule.categories.includes(category)) return null;
  const named =
    rule.nameWords.length === 0 ||
    rule.nameWords.some((word) => entry.nameWords.some((nameWord) => nameWord.startsWith(word)));
  return named ? rule.symbols.length + (nameTier ?? 7) : null;
}

/** The symbol form of a query: folded, upper case, spaces removed (`brk.b`, ` ^gspc `). */
function symbolQueryOf(query: string): string {
  const compact = foldText(query).replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9^][A-Z0-9.\-=^/]*$/.test(compact) ? compact : '';
}

/** The best `limit` matches of `query`, best first (the tiers of the module's comment). */
export function searchUniverse(index: UniverseIndex, query: string, limit: number): UniverseAsset[] {
  const symbolQuery = symbolQueryOf(query);
  const queryWords = wordsOf(foldText(query));
  const rule = index.terms.get(termKeyOf(query));
  const matches: { entry: SearchIndexEntry; tier: number; order: number }[] = [];
  for (const entry of index.entries) {
    const tier = rankMatch(entry, symbolQuery, queryWords);
    const order = rule ? termOrder(entry, rule, tier) : null;
    if (order !== null) matches.push({ entry, tier: 0, order });
    else if (tier !== null) matches.push({ entry, tier, order: 0 });
  }
  const quotedFirst = (asset: UniverseAsset) => (asset.price_source === 'quoted' ? 0 : 1);
  matches.sort(
    (left, right) =>
      left.tier - right.tier ||
      left.order - right.order ||
      quotedFirst(left.entry.asset) - quotedFirst(right.entry.asset) ||
      (right.entry.asset.market_cap ?? -1) - (left.entry.asset.market_cap ?? -1) ||
      left.entry.symbolKey.localeCompare(right.entry.symbolKey),
  );
  return matches.slice(0, limit).map((match) => match.entry.asset);
}
