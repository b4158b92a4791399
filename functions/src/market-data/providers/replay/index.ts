// The replay's public face: its descriptor (registry.ts lists it), the replayed universe and its
// catalogue, the series ids the engine's benchmarks name, the ETF categories and the timeline of the
// curated headlines. Everything else in the folder is private (docs/add-a-provider.md).
export { replayProvider } from './descriptor';
export {
  loadReplayUniverse,
  loadReplayUniverseFromFile,
  selectDailySeries,
  selectGradedSeries,
  type ReplayUniverse,
} from './replay-universe';
export { describeFromCatalogue, readReplayCatalogue, type ReplayCatalogueEntry } from './replay-catalogue';
export { SP500_DAILY_ID } from './series-ids';
export { ETF_CATEGORIES, US_DAILY_ETFS } from './us-daily-etfs';
export { createReplayTimeline, type ReplayTimeline } from './replay-timeline';
export { loadSnapshotListings } from './load-snapshot';
export { indexFundamentalsBySymbol, loadAnnualFundamentals } from './load-fundamentals';
export { loadUsDailyBars, readUsDailyManifest } from './load-us-daily';
export { createOfflineNewsProvider, loadOfflineHeadlines } from './offline-news-provider';
