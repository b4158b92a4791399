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
  /** One per symbol a user holds (points at the holding): makes "one position per symbol" a uniqueness condition. */
  heldSymbol: (userId: string, symbol: string) => ({ pk: `USER#${userId}`, sk: `HELD#${symbol}` }),
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
  // Market table (written by the price poll; access patterns in market-repository.ts).
  symbolPartition: (symbol: string) => `SYMBOL#${symbol}`,
  quote: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'QUOTE' }),
  bar: (symbol: string, date: string) => ({ pk: `SYMBOL#${symbol}`, sk: `BAR#${date}` }),
  barPrefix: 'BAR#',
  symbolHealth: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'HEALTH' }),
  /** The same health record under one partition, so the whole universe's health is one Query. */
  feedHealth: (symbol: string) => ({ pk: 'FEED', sk: `HEALTH#${symbol}` }),
  feedPartition: 'FEED',
  feedHealthPrefix: 'HEALTH#',
  /** The last recommendation the poll queued for review per symbol (so unchanged ones are not queued again). */
  lastRecommendation: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'LAST_REC' }),
  /** Marks an alert as raised once, so a second poll over the same bar writes nothing. */
  alertMarker: (symbol: string, asOf: string, kind: string) => ({
    pk: `SYMBOL#${symbol}`,
    sk: `ALERTED#${asOf}#${kind}`,
  }),
  liveAlert: (publishedAt: string, alertId: string) => ({ pk: 'ALERTS', sk: `${publishedAt}#${alertId}` }),
  liveAlertsPartition: 'ALERTS',
  lastJobRun: (job: string) => ({ pk: `JOB#${job}`, sk: 'LAST' }),
  // Moderation table: engine recommendations waiting for review (gsi1 is the queue per status).
  recommendationItem: (id: string) => ({ pk: `REC#${id}`, sk: 'ITEM' }),
  recommendationQueue: (status: string, generatedAt: string, id: string) => ({
    gsi1pk: `QUEUE#REC#${status}`,
    gsi1sk: `${generatedAt}#${id}`,
  }),
  recommendationQueuePartition: (status: string) => `QUEUE#REC#${status}`,
  // Moderation table: generated social posts waiting for moderation, and the review counters.
  contentItem: (id: string) => ({ pk: `CONTENT#${id}`, sk: 'ITEM' }),
  contentQueue: (status: string, generatedAt: string, id: string) => ({
    gsi1pk: `QUEUE#CONTENT#${status}`,
    gsi1sk: `${generatedAt}#${id}`,
  }),
  contentQueuePartition: (status: string) => `QUEUE#CONTENT#${status}`,
  /** Counters of the admin dashboard, kept by the same transactions that move items between queues. */
  recommendationStats: { pk: 'STATS', sk: 'REC' },
  contentStats: { pk: 'STATS', sk: 'CONTENT' },
  costDayPartition: (day: string) => `COST#${day}`,
} as const;
