/** The two review queues of the moderation table: engine recommendations and generated posts. */
export type ReviewQueueName = 'REC' | 'CONTENT';

/**
 * Typed, prefixed keys of every item (access patterns: infra/README.md). One place builds them, so a
 * repository cannot misspell a prefix.
 */
export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'PROFILE' }),
  /** Who holds an address while it moves between accounts (users table, TTL): data/email-claims-repository.ts. */
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  /** The billing account, one item (billing-repository.ts). */
  billingAccount: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING' }),
  billingInvoice: (userId: string, number: string) => ({ pk: `USER#${userId}`, sk: `INV#${number}` }),
  billingInvoicePrefix: 'INV#',
  creditNote: (userId: string, number: string) => ({ pk: `USER#${userId}`, sk: `CN#${number}` }),
  creditNotePrefix: 'CN#',
  holding: (userId: string, holdingId: string) => ({ pk: `USER#${userId}`, sk: `HOLDING#${holdingId}` }),
  holdingPrefix: 'HOLDING#',
  /** One per symbol a user holds (points at the holding): makes "one position per symbol" a uniqueness condition. */
  heldSymbol: (userId: string, symbol: string) => ({ pk: `USER#${userId}`, sk: `HELD#${symbol}` }),
  holdersOfSymbol: (symbol: string, userId: string) => ({
    gsi1pk: `SYMBOL#${symbol}`,
    gsi1sk: `USER#${userId}`,
  }),
  /** The head of the user's transactions ledger: settings, version (data/ledger-repository.ts). */
  ledger: (userId: string) => ({ pk: `USER#${userId}`, sk: 'LEDGER' }),
  /** One transaction of the ledger, keyed by its id; a ledger is one Query (sk begins_with LEDGER#TX#). */
  ledgerTransaction: (userId: string, transactionId: string) => ({
    pk: `USER#${userId}`,
    sk: `LEDGER#TX#${transactionId}`,
  }),
  ledgerTransactionPrefix: 'LEDGER#TX#',
  /** A row change of a large ledger write, staged until the head names its commit (data/ledger-commit.ts). */
  ledgerStaged: (userId: string, commitId: string, transactionId: string) => ({
    pk: `USER#${userId}`,
    sk: `LEDGER#STAGED#${commitId}#${transactionId}`,
  }),
  ledgerStagedPrefix: (commitId: string) => `LEDGER#STAGED#${commitId}#`,
  /** A column mapping the user saved for one CSV layout, keyed by its header's signature. */
  importMapping: (userId: string, signature: string) => ({
    pk: `USER#${userId}`,
    sk: `IMPORT_MAPPING#${signature}`,
  }),
  alert: (userId: string, alertId: string) => ({ pk: `USER#${userId}`, sk: `ALERT#${alertId}` }),
  alertPrefix: 'ALERT#',
  /** The user's in-app notification preferences, one item. */
  notificationPreferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'NOTIFY' }),
  alertRule: (userId: string, ruleId: string) => ({ pk: `USER#${userId}`, sk: `RULE#${ruleId}` }),
  alertRulePrefix: 'RULE#',
  /** How many custom alert rules the user keeps (conditioned on the plan's cap). */
  alertRuleCount: (userId: string) => ({ pk: `USER#${userId}`, sk: 'RULES' }),
  /** A watchlist (name, flags, how many symbols it holds) and its symbols under it (data/watchlists-repository.ts). */
  watchlist: (userId: string, listId: string) => ({ pk: `USER#${userId}`, sk: `WATCHLIST#${listId}` }),
  watchlistEntry: (userId: string, listId: string, symbol: string) => ({
    pk: `USER#${userId}`,
    sk: `WATCHLIST#${listId}#SYM#${symbol}`,
  }),
  watchlistPrefix: 'WATCHLIST#',
  /** How many watchlists the user keeps (conditioned on the plan's cap). */
  watchlistCount: (userId: string) => ({ pk: `USER#${userId}`, sk: 'WATCHLISTS' }),
  usageDay: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `DAY#${day}` }),
  usageHoldings: (userId: string) => ({ pk: `USER#${userId}`, sk: 'HOLDINGS' }),
  /** Marks that a symbol's detail was counted for a user on a UTC day (at most one unit each). */
  detailView: (userId: string, day: string, symbol: string) => ({
    pk: `USER#${userId}`,
    sk: `VIEW#${day}#${symbol}`,
  }),
  costRecord: (day: string, routeKey: string, id: string) => ({ pk: `COST#${day}`, sk: `${routeKey}#${id}` }),
  jobRun: (job: string, day: string) => ({ pk: `JOB#${job}`, sk: day }),
  userPartition: (userId: string) => `USER#${userId}`,
  // Market table (written by the price poll; access patterns in infra/README.md).
  symbolPartition: (symbol: string) => `SYMBOL#${symbol}`,
  quote: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'QUOTE' }),
  /** A live quote as stored at `storedAt`, kept an hour for the plans that see prices late. */
  quoteAt: (symbol: string, storedAt: string) => ({ pk: `SYMBOL#${symbol}`, sk: `QUOTE_AT#${storedAt}` }),
  quoteAtPrefix: 'QUOTE_AT#',
  /** Daily bars of one calendar month (`yyyy-mm`), merged by date inside the item. */
  barMonth: (symbol: string, month: string) => ({ pk: `SYMBOL#${symbol}`, sk: `BARS#${month}` }),
  barMonthPrefix: 'BARS#',
  /** A replayed calendar year's bars packed in one item (bar-years.ts); sorts just before its months. */
  barYear: (symbol: string, year: string) => ({ pk: `SYMBOL#${symbol}`, sk: `BARS#${year}` }),
  /** One day's grade, composite and factors of a symbol, written once (score-history-repository.ts). */
  dailyScore: (symbol: string, date: string) => ({ pk: `SYMBOL#${symbol}`, sk: `SCORE#${date}` }),
  dailyScorePrefix: 'SCORE#',
  /** The first and last day of a symbol's stored score history. */
  scoreRange: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'SCORES' }),
  /** One market date's entry of the live grade chain (grade-chain-repository.ts), written once. */
  gradeChainEntry: (date: string) => ({ pk: 'GRADE_CHAIN', sk: `ENTRY#${date}` }),
  gradeChainPartition: 'GRADE_CHAIN',
  /** A chained date's outcomes over one horizon (months), written once (live-outcome-repository.ts). */
  liveOutcome: (months: number, date: string) => ({ pk: `GRADE_OUTCOME#${months}`, sk: `DATE#${date}` }),
  liveOutcomePartition: (months: number) => `GRADE_OUTCOME#${months}`,
  /** The state of one tracked series (stored range, as-of, completeness, flags), all under one partition. */
  series: (symbol: string) => ({ pk: 'SERIES', sk: symbol }),
  seriesPartition: 'SERIES',
  /** What the replay loader stored, per phase, with the fingerprint of the data it stored. */
  replayLoad: (phase: string) => ({ pk: 'REPLAY', sk: `LOAD#${phase}` }),
  /** The graded market of one replayed date: a header, then its gzip parts (market-day-repository.ts). */
  marketDay: (date: string) => ({ pk: `MARKET_DAY#${date}`, sk: 'DAY' }),
  marketDayPart: (date: string, part: number) => ({ pk: `MARKET_DAY#${date}`, sk: `PART#${part}` }),
  // Providers: the shared rate-limit slot, the shared circuit breaker and per-minute request counters.
  providerPartition: (provider: string) => `PROVIDER#${provider}`,
  providerLimit: (provider: string) => ({ pk: `PROVIDER#${provider}`, sk: 'LIMIT' }),
  providerBreaker: (provider: string) => ({ pk: `PROVIDER#${provider}`, sk: 'BREAKER' }),
  providerCount: (provider: string, minute: string) => ({
    pk: `PROVIDER#${provider}`,
    sk: `COUNT#${minute}`,
  }),
  providerCountPrefix: 'COUNT#',
  // Companies that file with the SEC, by CIK: fundamental facts per tag, filings per date.
  companyPartition: (cik: string) => `CIK#${cik}`,
  companyFacts: (cik: string, concept: string) => ({ pk: `CIK#${cik}`, sk: `FACTS#${concept}` }),
  companyFactsPrefix: 'FACTS#',
  filing: (cik: string, filingDate: string, accession: string) => ({
    pk: `CIK#${cik}`,
    sk: `FILING#${filingDate}#${accession}`,
  }),
  filingPrefix: 'FILING#',
  /** A reference list (SEC ticker map, coin list) in a few chunk items. */
  referencePartition: (dataset: string) => `REFERENCE#${dataset}`,
  referenceChunk: (dataset: string, chunk: string) => ({ pk: `REFERENCE#${dataset}`, sk: chunk }),
  symbolHealth: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'HEALTH' }),
  /** The same health record under one partition, so the whole universe's health is one Query. */
  feedHealth: (symbol: string) => ({ pk: 'FEED', sk: `HEALTH#${symbol}` }),
  feedPartition: 'FEED',
  feedHealthPrefix: 'HEALTH#',
  /** The universe's feed summary (data/feed-summary-repository.ts), in a few parts under the same partition. */
  feedSummaryPart: (part: number) => ({ pk: 'FEED', sk: `SUMMARY#${part}` }),
  feedSummaryPrefix: 'SUMMARY#',
  /** The last recommendation the poll queued for review per symbol (so unchanged ones are not queued again). */
  lastRecommendation: (symbol: string) => ({ pk: `SYMBOL#${symbol}`, sk: 'LAST_REC' }),
  /** The same marker again in one partition, so a list reads every symbol's in one Query. */
  lastRecommendationIndexed: (symbol: string) => ({ pk: 'LAST_RECS', sk: symbol }),
  lastRecommendationIndexPartition: 'LAST_RECS',
  /** Marks an alert as raised once, so a second poll over the same bar writes nothing. */
  alertMarker: (symbol: string, asOf: string, kind: string) => ({
    pk: `SYMBOL#${symbol}`,
    sk: `ALERTED#${asOf}#${kind}`,
  }),
  liveAlert: (publishedAt: string, alertId: string) => ({ pk: 'ALERTS', sk: `${publishedAt}#${alertId}` }),
  liveAlertsPartition: 'ALERTS',
  lastJobRun: (job: string) => ({ pk: `JOB#${job}`, sk: 'LAST' }),
  // Moderation table: the review queues (engine recommendations REC, generated posts CONTENT). An item
  // sits in gsi1 under its queue and status; review-queue.ts moves it and its counters together.
  reviewItem: (queue: ReviewQueueName, id: string) => ({ pk: `${queue}#${id}`, sk: 'ITEM' }),
  reviewQueue: (queue: ReviewQueueName, status: string, generatedAt: string, id: string) => ({
    gsi1pk: `QUEUE#${queue}#${status}`,
    gsi1sk: `${generatedAt}#${id}`,
  }),
  reviewQueuePartition: (queue: ReviewQueueName, status: string) => `QUEUE#${queue}#${status}`,
  /** Counters of the admin dashboard, kept by the same transactions that move items between statuses. */
  reviewStats: (queue: ReviewQueueName) => ({ pk: 'STATS', sk: queue }),
  costDayPartition: (day: string) => `COST#${day}`,
  /** A route's cost totals of one UTC day (data/costs-repository.ts). */
  costDayTotal: (day: string, routeKey: string) => ({ pk: `COSTDAY#${day}`, sk: routeKey }),
  costDayTotalPartition: (day: string) => `COSTDAY#${day}`,
  /** The analyst's model answers replaced by the template on one UTC day (data/analyst-fallbacks-repository.ts). */
  analystFallbackDay: (day: string) => ({ pk: 'ANALYST_FALLBACKS', sk: day }),
  analystFallbackPartition: 'ANALYST_FALLBACKS',
  // Moderation table: the contact Inbox. gsi1sk starts with the priority rank (1 for paid plans), so a
  // descending Query lists paid plans' messages first, each group newest first.
  contactMessage: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'ITEM' }),
  inbox: (priority: boolean, receivedAt: string, id: string) => ({
    gsi1pk: 'INBOX',
    gsi1sk: `${priority ? 1 : 0}#${receivedAt}#${id}`,
  }),
  inboxPartition: 'INBOX',
  /** Usage table: messages one sender (`user:<sub>` or `ip:<address>`) sent in one clock hour. */
  contactSenderHour: (sender: string, hour: string) => ({ pk: `CONTACT#${sender}`, sk: `HOUR#${hour}` }),
  /** An address SES reported as bounced or complaining (users table): the Mailer never mails it. */
  mailSuppression: (email: string) => ({ pk: `MAIL#${email.toLowerCase()}`, sk: 'SUPPRESSED' }),
  /**
   * A single-use e-mailed code (users table): a user's `EMAIL` (new address), or a `RESET` (password)
   * or pending `SIGNUP` keyed by the address's hash (TTL): those two are stored for every address asked
   * for, an account or not, so the request does the same work either way (auth/mail-code-service.ts).
   */
  mailCode: (owner: string, purpose: 'RESET' | 'EMAIL' | 'SIGNUP') =>
    purpose === 'EMAIL'
      ? { pk: `USER#${owner}`, sk: 'CODE#EMAIL' }
      : { pk: `${purpose}#${owner}`, sk: `CODE#${purpose}` },
  /** The last authenticator (TOTP) time step a user signed in with (users table, TTL): codes work once. */
  totpLastStep: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TOTP_STEP' }),
  /** Codes requested for one address (hashed) in one clock hour (usage table, TTL). */
  mailCodeRequests: (purpose: 'RESET' | 'EMAIL' | 'SIGNUP', addressHash: string, hour: string) => ({
    pk: `CODES#${purpose}#${addressHash}`,
    sk: `HOUR#${hour}`,
  }),
} as const;
