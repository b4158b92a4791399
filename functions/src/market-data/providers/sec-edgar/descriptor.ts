import { defineProvider } from '../provider-descriptor';
import { createSecCompanyData, SEC_EDGAR_DESCRIPTION } from './sec-company-data';

/** SEC EDGAR: the ticker map, companies' facts (fundamentals) and filings; no price series. */
export const secEdgarProvider = defineProvider({
  name: 'sec-edgar',
  description: SEC_EDGAR_DESCRIPTION,
  assetClasses: ['equity'],
  series: null,
  live: {
    configKeys: [
      'SEC_FILES_BASE_URL',
      'SEC_DATA_BASE_URL',
      'SEC_EDGAR_USER_AGENT',
      'SEC_REQUESTS_PER_SECOND',
    ],
    requestsPerSecond: (config) => config.SEC_REQUESTS_PER_SECOND,
    breaker: {},
    alarm: { breakerOpenPeriods: 3 },
    build: (config, context) =>
      createSecCompanyData({
        filesBaseUrl: config.SEC_FILES_BASE_URL,
        dataBaseUrl: config.SEC_DATA_BASE_URL,
        userAgent: config.SEC_EDGAR_USER_AGENT,
        guard: context.guard,
        ...(context.fetch ? { fetch: context.fetch } : {}),
      }),
  },
});
