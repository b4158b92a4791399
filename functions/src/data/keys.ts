/**
 * Typed, prefixed keys of every item (access patterns: infra/README.md). One place builds them, so a
 * repository cannot misspell a prefix.
 */
export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'PROFILE' }),
  invoice: (userId: string, invoiceId: string) => ({ pk: `USER#${userId}`, sk: `INVOICE#${invoiceId}` }),
  invoicePrefix: 'INVOICE#',
  holding: (userId: string, holdingId: string) => ({ pk: `USER#${userId}`, sk: `HOLDING#${holdingId}` }),
  holdingPrefix: 'HOLDING#',
  holdersOfSymbol: (symbol: string, userId: string) => ({
    gsi1pk: `SYMBOL#${symbol}`,
    gsi1sk: `USER#${userId}`,
  }),
  alert: (userId: string, alertId: string) => ({ pk: `USER#${userId}`, sk: `ALERT#${alertId}` }),
  alertPrefix: 'ALERT#',
  usageDay: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `DAY#${day}` }),
  usageHoldings: (userId: string) => ({ pk: `USER#${userId}`, sk: 'HOLDINGS' }),
  costRecord: (day: string, routeKey: string, id: string) => ({ pk: `COST#${day}`, sk: `${routeKey}#${id}` }),
  jobRun: (job: string, day: string) => ({ pk: `JOB#${job}`, sk: day }),
  userPartition: (userId: string) => `USER#${userId}`,
} as const;
