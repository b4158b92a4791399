import type { ReferenceRepository } from '../../data/reference-repository';
import type { CoinListing } from '../providers/coingecko';
import type { SecTicker } from '../providers/sec-edgar';

/*
 * Finding a symbol in the stored reference lists (SEC's ticker map, CoinGecko's coin list). Apart from
 * the company ingestion so that the portfolio area, which asks these questions for on-demand requests,
 * does not bundle the filing readers (html-to-text and its HTML parser, about 130 KB).
 */

/** The chunk a ticker's entry lives in: its first character, A-Z, else `#`. */
export function tickerChunkOf(ticker: string): string {
  const first = ticker.charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

export async function lookupCik(
  reference: Pick<ReferenceRepository, 'getChunk'>,
  symbol: string,
): Promise<string | null> {
  const chunk = await reference.getChunk<SecTicker>('sec-tickers', tickerChunkOf(symbol));
  return chunk?.entries.find((entry) => entry.ticker === symbol.toUpperCase())?.cik ?? null;
}

/**
 * CoinGecko's id of a coin ticker (BTC -> bitcoin): the largest coin by market cap with that ticker;
 * null when the list has none, undefined when no list is stored yet.
 */
export async function lookupCoinId(
  reference: Pick<ReferenceRepository, 'listChunks'>,
  ticker: string,
): Promise<string | null | undefined> {
  const chunks = await reference.listChunks<CoinListing>('coingecko-coins');
  if (chunks.length === 0) return undefined;
  const coins = chunks.sort((a, b) => a.chunk.localeCompare(b.chunk)).flatMap((chunk) => chunk.entries);
  return coins.find((coin) => coin.symbol === ticker.toUpperCase())?.id ?? null;
}
