import { defineProvider } from '../provider-descriptor';
import { createYahooBarsProvider, YAHOO_DESCRIPTION } from './yahoo-bars-provider';

/** Yahoo Finance's chart endpoint: daily bars of stocks, ETFs, indices, FX pairs and coins. */
export const yahooProvider = defineProvider({
  name: 'yahoo',
  description: YAHOO_DESCRIPTION,
  assetClasses: ['equity', 'etf', 'index', 'fx', 'crypto', 'commodity'],
  series: { batchSize: 20, hasOhlc: true },
  live: {
    configKeys: ['LIVE_QUOTE_BASE_URL', 'YAHOO_REQUESTS_PER_SECOND'],
    requestsPerSecond: (config) => config.YAHOO_REQUESTS_PER_SECOND,
    breaker: {},
    alarm: { breakerOpenPeriods: 3 },
    build: (config, context) => createYahooBarsProvider({ baseUrl: config.LIVE_QUOTE_BASE_URL, ...context }),
  },
});
