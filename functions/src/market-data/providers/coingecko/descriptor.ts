import { defineProvider } from '../provider-descriptor';
import { COINGECKO_DESCRIPTION, createCoinGeckoProvider } from './coingecko-provider';

/** CoinGecko: the coin list (the crypto universe) and daily closes of coins Yahoo does not list. */
export const coinGeckoProvider = defineProvider({
  name: 'coingecko',
  description: COINGECKO_DESCRIPTION,
  assetClasses: ['crypto'],
  series: { batchSize: 10, hasOhlc: false },
  live: {
    configKeys: ['COINGECKO_BASE_URL', 'COINGECKO_REQUESTS_PER_SECOND'],
    requestsPerSecond: (config) => config.COINGECKO_REQUESTS_PER_SECOND,
    breaker: {},
    alarm: { breakerOpenPeriods: 3 },
    build: (config, context) => createCoinGeckoProvider({ baseUrl: config.COINGECKO_BASE_URL, ...context }),
  },
});
