// SEC EDGAR's public face: its descriptor (registry.ts lists it), the company data's types, the
// filing excerpts the ingestion stores and the point-in-time reading of stored facts.
export { secEdgarProvider } from './descriptor';
export type { SecCompanyData, SecFiling, SecTicker } from './sec-company-data';
export { exhibit99Links, itemsExcerpt, releaseExcerpt } from './filing-text';
export { secFundamentalsAsOf } from './sec-fundamentals';
export { createSecEdgarNewsProvider } from './sec-edgar-provider';
export { createStoredFilingsNewsProvider } from './stored-filings-news';
