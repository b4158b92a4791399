/** The providers the ingestion worker calls in live mode (each with a shared rate limit and breaker). */
export const LIVE_PROVIDERS = ['yahoo', 'coingecko', 'sec-edgar'] as const;
export type LiveProviderName = (typeof LIVE_PROVIDERS)[number];
