import * as z from 'zod';

/**
 * Environment of every function, parsed once and validated (fail fast with the variable's name).
 * In the cloud the CDK stacks set these; the local stack sets the same names.
 */
const ConfigSchema = z
  .object({
    STAGE: z.string().min(1).default('local'),
    AWS_REGION: z.string().min(1).default('us-east-1'),
    DATA_MODE: z.enum(['replay', 'live']).default('replay'),
    TABLE_USERS: z.string().min(1).default('nugget-local-users'),
    TABLE_HOLDINGS: z.string().min(1).default('nugget-local-holdings'),
    TABLE_USAGE: z.string().min(1).default('nugget-local-usage'),
    TABLE_MODERATION: z.string().min(1).default('nugget-local-moderation'),
    TABLE_MARKET: z.string().min(1).default('nugget-local-market'),
    TABLE_IDEMPOTENCY: z.string().min(1).default('nugget-local-idempotency'),
    /** Set only locally: the DynamoDB Local and cognito-local endpoints. */
    DYNAMODB_ENDPOINT: z.url().optional(),
    COGNITO_ENDPOINT: z.url().optional(),
    USER_POOL_ID: z.string().min(1).default('local_pool'),
    /** App clients whose access tokens the API accepts (investor site, admin site), comma-separated. */
    USER_POOL_CLIENT_IDS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    /** Years a deleted account's invoices and credit notes are kept under a pseudonym (docs/accounts.md). */
    INVOICE_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(10),
    /** The app client the auth area signs users in with (USER_PASSWORD_AUTH). */
    AUTH_CLIENT_ID: z.string().default(''),
    /** Defaults to Cognito's issuer for the pool; the local stack points it at cognito-local. */
    JWT_ISSUER: z.url().optional(),
    JWKS_URL: z.url().optional(),
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    /** Check every response against the contract before sending it (on locally and in tests). */
    VALIDATE_RESPONSES: z.stringbool().default(true),
    /** Where per-request cost records go besides the EMF metrics: the usage table, or nowhere. */
    COST_RECORDS: z.enum(['dynamodb', 'off']).default('off'),
    /**
     * With COST_RECORDS=dynamodb, whether every request's own record is kept too (the bench reads
     * capacity units per request from them); the costs route reads only the daily totals per route.
     */
    COST_RECORD_DETAIL: z.enum(['on', 'off']).default('off'),
    /**
     * How long a process keeps what it read of a user's sessions (platform/session-check.ts): an ended
     * session's token is refused everywhere at the latest this long after the end (docs/accounts.md
     * "Sign out of every session"). 30 s in the cloud and locally; never longer. The test stack sets it
     * short (tests/vitest.config.ts) so its suites see the refusal without waiting 30 s.
     */
    SESSION_STATE_CACHE_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1024),
    /**
     * Who charges plans (functions/src/billing/payment-gateway.ts): the sandbox (local default, tests) or
     * Stripe. With Stripe the CDK stack sets both secrets from Secrets Manager; locally they come from
     * the environment. STRIPE_API_URL points the client at another server (the tests' Stripe-format
     * server, tests/stripe-simulator); unset, Stripe's own API.
     */
    PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/)
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/)
      .optional(),
    STRIPE_API_URL: z.url().optional(),
    /** Stripe's customer portal sends the customer back here (the investor site's billing page). */
    STRIPE_PORTAL_RETURN_PATH: z.string().startsWith('/').default('/subscription'),
    /** The seeded demo investor whose data `demo_user` shows (set by the local stack and the CDK stack). */
    DEMO_USER_ID: z.string().min(1).optional(),
    /**
     * The market clock of the replay (market-data/README.md "The market clock"): the wall time at which
     * it is on the window's first date, the real milliseconds each replayed date lasts (one minute by
     * default; the tests freeze it at one day), and the window it replays (where most series overlap).
     */
    REPLAY_EPOCH: z.iso.datetime({ offset: true }).default('2024-01-01T00:00:00Z'),
    REPLAY_MS_PER_DAY: z.coerce.number().int().positive().default(60_000),
    REPLAY_FROM: z.iso.date().default('2016-09-05'),
    REPLAY_TO: z.iso.date().default('2017-07-03'),
    /**
     * Only these replayed symbols, comma-separated (the test stack's few dozen); all of them when
     * unset (market-data/README.md "The replay provider").
     */
    REPLAY_SYMBOLS: z
      .string()
      .optional()
      .transform((value) =>
        value === undefined || value.trim() === ''
          ? undefined
          : value
              .split(',')
              .map((symbol) => symbol.trim().toUpperCase())
              .filter(Boolean),
      ),
    /** Pre-built replay universe (functions/scripts/build-replay-data.ts); unset reads the npm data packages. */
    REPLAY_DATA_FILE: z.string().min(1).optional(),
    /**
     * Earlier days of score history the price poll backfills per symbol and run (jobs/
     * price-poll-score-history.ts): bounded so a first poll over the whole replayed universe is short.
     */
    SCORE_BACKFILL_DAYS_PER_RUN: z.coerce.number().int().positive().default(20),
    /**
     * Live mode: the symbols the price poll watches (Yahoo tickers), comma-separated. The FX pairs
     * are the ledger's: a portfolio in EUR, GBP, CHF, CAD or JPY is converted with them (the API reads
     * rates from the store only), so a list set here should keep them.
     */
    WATCHED_SYMBOLS: z
      .string()
      .default(
        '^GSPC,^DJI,^IXIC,^STOXX50E,^FCHI,^IBEX,AAPL,MSFT,GOOGL,AMZN,NVDA,META,JPM,BTC-USD,ETH-USD,SOL-USD,GC=F,SI=F,CL=F,' +
          'EURUSD=X,GBPUSD=X,USDCHF=X,USDCAD=X,USDJPY=X',
      )
      .transform((value) =>
        value
          .split(',')
          .map((symbol) => symbol.trim().toUpperCase())
          .filter(Boolean),
      ),
    /** Live mode: base URL of Yahoo Finance's chart endpoint. */
    LIVE_QUOTE_BASE_URL: z.url().default('https://query1.finance.yahoo.com/v8/finance/chart'),
    /** Live mode: CoinGecko's public API (coin list, daily history of coins Yahoo does not list). */
    COINGECKO_BASE_URL: z.url().default('https://api.coingecko.com/api/v3'),
    /** SEC EDGAR's data host: submissions and companyfacts. */
    SEC_DATA_BASE_URL: z.url().default('https://data.sec.gov'),
    /** SEC EDGAR's www host: the ticker map, filing documents and the current-8-K feed. */
    SEC_FILES_BASE_URL: z.url().default('https://www.sec.gov'),
    /** The ingestion queues (the CDK sets them; the local stack points them at its fauxqs). */
    INGESTION_QUEUE_URL: z.string().default(''),
    INGESTION_PRIORITY_QUEUE_URL: z.string().default(''),
    /** Set only locally: the SQS-compatible server (fauxqs). */
    SQS_ENDPOINT: z.url().optional(),
    /**
     * Requests per second each provider is held to, shared by every worker (Yahoo has no published
     * limit: we stay gentle; CoinGecko's free tier allows about 30 a minute; SEC EDGAR at most 10 a second).
     */
    YAHOO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(50).default(2),
    COINGECKO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(50).default(0.4),
    SEC_REQUESTS_PER_SECOND: z.coerce.number().positive().max(10).default(8),
    /** Each ingestion message waits a random 0..N seconds before it is delivered (jittered starts). */
    INGESTION_JITTER_SECONDS: z.coerce.number().int().min(0).max(900).default(60),
    /** A provider's breaker opens after this many failed requests in a row, for this long. */
    PROVIDER_BREAKER_FAILURES: z.coerce.number().int().positive().default(5),
    PROVIDER_BREAKER_OPEN_SECONDS: z.coerce.number().positive().default(120),
    /** How often the price poll runs (EventBridge rule in the cloud, timer locally); the health check uses it. */
    PRICE_POLL_INTERVAL_SECONDS: z.coerce.number().int().positive().default(300),
    /** How long a price/volume alert stays listed. */
    MARKET_ALERT_TTL_HOURS: z.coerce.number().int().positive().default(72),
    /** Set by Lambda itself; the cost records price the duration at this memory size. */
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: z.coerce.number().int().positive().default(512),
    /** Live news: the User-Agent SEC EDGAR requires (fair-access policy): who we are and a contact address. */
    SEC_EDGAR_USER_AGENT: z
      .string()
      .min(5)
      .default('NuggetInvest news-catalysts (contact: operations@nugget-invest.example)'),
    /** Live news: RSS 2.0 feeds, comma-separated `name|url` or `name|url|TICKER` entries. */
    NEWS_RSS_FEEDS: z.string().default(''),
    /** Live news: timeout of one feed request, per attempt. */
    NEWS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /** Where GET /api/admin/costs reads from: the local cost records, or CloudWatch metrics (cloud). */
    COST_SOURCE: z.enum(['records', 'cloudwatch']).optional(),
    /** Which generator writes the daily social posts: deterministic templates, or Amazon Bedrock. */
    CONTENT_GENERATOR: z.enum(['template', 'bedrock']).default('template'),
    /** The Bedrock model the content job asks when CONTENT_GENERATOR=bedrock (priced in cost-model.ts). */
    BEDROCK_MODEL_ID: z.string().min(1).default('anthropic.claude-3-haiku-20240307-v1:0'),
    /**
     * The analyst's optional language model (docs/product.md "The analyst", analyst-model/model-writer.ts):
     * Bedrock's Converse API with this model id when set, else an OpenAI-compatible chat-completions
     * server (a user's own Ollama or llama.cpp) at LLM_BASE_URL (up to /v1) with LLM_MODEL and, if the
     * server wants one, LLM_API_KEY; none set, the templates answer. BEDROCK_ENDPOINT points the
     * Bedrock client at another server (the tests' local one).
     */
    ANALYST_BEDROCK_MODEL_ID: z.string().min(1).optional(),
    BEDROCK_ENDPOINT: z.url().optional(),
    LLM_BASE_URL: z.url().optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    /**
     * What the OpenAI-compatible model costs per 1,000 input and output tokens, in USD, priced into the
     * request's cost record (platform/cost-model.ts): 0 by default, a self-hosted server's marginal cost.
     */
    LLM_USD_PER_1K_INPUT_TOKENS: z.coerce.number().min(0).default(0),
    LLM_USD_PER_1K_OUTPUT_TOKENS: z.coerce.number().min(0).default(0),
    /** How long the analyst waits for a language model before answering with its template (analyst-model). */
    ANALYST_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** Local timer: the UTC hour at which the content job runs each day. */
    CONTENT_GENERATION_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(6),
    /** How mail leaves (platform/mail/mailer.ts): SMTP (the local stack's maildev) or SES (the cloud). */
    MAIL_TRANSPORT: z.enum(['smtp', 'ses']).default('smtp'),
    SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: z.coerce.number().int().positive().max(65_535).default(1025),
    /** The sender of every mail (an SES-verified identity in the cloud). */
    MAIL_FROM: z.string().min(3).default('Nugget Invest <no-reply@nugget-invest.example>'),
    /** The SES configuration set whose bounce and complaint events feed the suppression list. */
    SES_CONFIGURATION_SET: z.string().min(1).optional(),
    /** Who receives a copy of each contact-form message. */
    OPERATOR_EMAIL: z.email().default('operator@nugget-invest.example'),
    /** The investor site's address, for links in mails (unsubscribe, sign-in). */
    PUBLIC_SITE_URL: z.url().default('http://127.0.0.1:3000'),
    /**
     * Signs unsubscribe tokens and salts the hashes of e-mailed codes (HMAC-SHA256). No default: the
     * CDK stack sets the Secrets Manager value (required off the local stage), and the local stack
     * generates one per data directory (infra/local/local-secrets.ts). Read it with `mailTokenSecretOf`.
     */
    MAIL_TOKEN_SECRET: z.string().min(32).optional(),
    /** The mail queue (notifications/mail-queue.ts): the CDK sets it; the local stack points it at fauxqs. */
    MAIL_QUEUE_URL: z.string().default(''),
  })
  .refine((config) => config.REPLAY_FROM <= config.REPLAY_TO, {
    path: ['REPLAY_TO'],
    message: 'must not be before REPLAY_FROM',
  })
  .refine(
    (config) =>
      config.PAYMENT_GATEWAY !== 'stripe' ||
      (config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined),
    {
      path: ['STRIPE_SECRET_KEY'],
      message: 'and STRIPE_WEBHOOK_SECRET are required when PAYMENT_GATEWAY=stripe',
    },
  )
  .refine((config) => config.STAGE === 'local' || config.MAIL_TOKEN_SECRET !== undefined, {
    path: ['MAIL_TOKEN_SECRET'],
    message: 'is required outside the local stage (the Secrets Manager value)',
  });

export type Config = z.infer<typeof ConfigSchema> & { jwtIssuer: string; jwksUrl: string };

let cached: Config | undefined;

/** The secret that signs mail links; a process that mails without one stops here, naming it. */
export function mailTokenSecretOf(config: Pick<Config, 'MAIL_TOKEN_SECRET'>): string {
  if (!config.MAIL_TOKEN_SECRET)
    throw new Error(
      'MAIL_TOKEN_SECRET is not set: the local stack generates one; the cloud reads Secrets Manager',
    );
  return config.MAIL_TOKEN_SECRET;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  const jwtIssuer =
    value.JWT_ISSUER ?? `https://cognito-idp.${value.AWS_REGION}.amazonaws.com/${value.USER_POOL_ID}`;
  return { ...value, jwtIssuer, jwksUrl: value.JWKS_URL ?? `${jwtIssuer}/.well-known/jwks.json` };
}

export function getConfig(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests and the local stack change the environment between runs. */
export function resetConfigForTests(): void {
  cached = undefined;
}
