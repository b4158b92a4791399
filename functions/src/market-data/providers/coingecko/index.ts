// CoinGecko's public face: its descriptor (registry.ts lists it) and the types the ingestion uses.
export { coinGeckoProvider } from './descriptor';
export type { CoinGeckoProvider, CoinListing } from './coingecko-provider';
