import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceArea } from '@app/shared/api';
import { createApiGatewayAdapter, type AreaHandler } from './api-gateway-adapter';
import { startAreaWorkers, type AreaWorkers } from './area-workers';
import {
  ensurePool,
  ensureTotp,
  ensureUser,
  localCognitoClient,
  startCognitoLocal,
  type LocalPool,
} from './cognito-local';
import { createTables, localDynamoClient, startDynamoDbLocal } from './dynamodb-local';
import { configureFunctionEnvironment } from './local-environment';
import { startLocalIngestion, type LocalIngestion } from './local-ingestion';
import { createLocalSignInLimiter } from './local-sign-in-limiter';
import { startCognitoSignOutStandIn } from './cognito-sign-out';
import { createRateLimiter } from './rate-limiter';
import { findFreePort } from './processes';
import { supervise, type SupervisedServer } from './supervisor';
import { SEED_ADMIN, SEED_INVESTOR } from './seed-data';
import { createStaticSite } from './static-site-server';
import { startLocalScheduler, type LocalScheduler } from './local-scheduler';
import { startMailServer } from './mail-server';
import { startLocalMailConsumer, type LocalMailQueue } from './local-mail-queue';
import { localMailTokenSecret } from './local-secrets';

export const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface LocalStackOptions {
  webPort: number;
  adminPort: number;
  dynamoPort: number;
  cognitoPort: number;
  /** Where DynamoDB Local and cognito-local keep their state; null keeps DynamoDB in memory. */
  dataDirectory: string;
  persistDynamo: boolean;
  reset: boolean;
  /** Print request logs (quiet by default). */
  verbose: boolean;
  /**
   * 'cloud' (default) throttles each caller's write and analysis requests at the CDK's numbers
   * (rate-limiter.ts); 'off' for test stacks whose suites fire bursts from one user on purpose.
   */
  rateLimits?: 'cloud' | 'off';
  /** The local SQS-compatible server (fauxqs); a free port when absent. */
  queuePort?: number;
  /** maildev's SMTP and web inbox ports; free ports when absent. */
  smtpPort?: number;
  mailWebPort?: number;
  /** 'replay' (default): history shipped from npm; 'live': the providers of the environment's base URLs. */
  dataMode?: 'replay' | 'live';
  /** Answer only once the first price poll ended (default; the suites); `npm start` answers before. */
  awaitFirstPoll?: boolean;
  /** Where the stack says what its child servers do (a restart); the console by default. */
  log?: (message: string) => void;
  /**
   * false (default): each service area's handler runs in a worker thread of its own, as Lambda
   * isolates the areas, so the API uses every core (area-workers.ts). true (`--single-process`):
   * every handler on the main thread's one event loop, as before, for comparison (bench, section 2).
   */
  singleProcess?: boolean;
}

export interface LocalStack {
  webUrl: string;
  adminUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  /** maildev's web inbox (and its REST API under /api/email), and the SMTP port the stack sends to. */
  mailUrl: string;
  smtpPort: number;
  pool: LocalPool;
  /** The seeded users; the admin's authenticator secret is printed at start beside its password. */
  seed: { adminUserId: string; investorUserId: string; adminTotpSecret: string };
  /** Stops and restarts the DynamoDB Local child alone (fault tests); same port and data directory. */
  database: { stop: () => Promise<void>; start: () => Promise<void> };
  /** The supervised child servers: DynamoDB Local, cognito-local, the queue, maildev. */
  servers: SupervisedServer[];
  /**
   * The child processes it runs now, for memory figures (bench): DynamoDB Local's java, and the one
   * emulator host of cognito-local, the queue (fauxqs) and maildev (named after all three).
   */
  childProcesses: () => { name: string; pid: number }[];
  /** Each area thread's V8 heap in bytes (none in `--single-process`), for memory figures (bench). */
  areaHeaps: () => Promise<Record<string, { used: number; total: number }>>;
  ingestion: LocalIngestion;
  /** The mail queue's consumer: mails of resets and sign-ups arrive in maildev through it, after the answer. */
  mailQueue: LocalMailQueue;
  /** The secret signing this stack's mail links (local-secrets.ts), for tests that forge or check one. */
  mailTokenSecret: string;
  /** One scheduler cycle now: ingestion planner, the worker draining the queues, the price poll. */
  runJobs: () => Promise<unknown>;
  dataMode: 'replay' | 'live';
  /** 'workers': one worker thread per area; 'single-process': every handler on the main thread. */
  processModel: 'workers' | 'single-process';
  /** Writes every buffered cost record now (they are batched off the request path): the bench reads them next. */
  flushCostRecords: () => Promise<void>;
  stop: () => Promise<void>;
  /** Replay: settles once the years before the clock's window are stored (background). */
  replayHistory: Promise<void> | null;
}

const AREAS: ServiceArea[] = ['public', 'auth', 'market', 'subscription', 'portfolio', 'admin'];

async function loadHandlers(): Promise<Record<ServiceArea, AreaHandler>> {
  // Imported only after the environment is set: each handler reads its config when first loaded.
  const modules = await Promise.all(AREAS.map((area) => import(`@app/functions/${area}/handler`)));
  return Object.fromEntries(
    AREAS.map((area, index) => [area, (modules[index] as { handler: AreaHandler }).handler]),
  ) as Record<ServiceArea, AreaHandler>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise());
  });
}

/**
 * The whole product on one machine: DynamoDB Local, cognito-local, the API handlers mounted from the
 * contract behind an API Gateway-equivalent adapter, and both sites with their runtime config.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? ((message: string) => console.log(message));
  const dataMode = options.dataMode ?? 'replay';
  const servers: SupervisedServer[] = [];
  const httpServers: Server[] = [];
  let ingestion: LocalIngestion | undefined;
  let mailConsumer: LocalMailQueue | undefined;
  let scheduler: LocalScheduler | undefined;
  let areaWorkers: AreaWorkers | undefined;
  let flushMainThreadCostRecords: (() => Promise<void>) | undefined;
  let replayHistory: Promise<void> | null = null;
  const stop = async () => {
    // The background load writes to DynamoDB Local: it ends before the database does.
    await replayHistory;
    await scheduler?.stop();
    await Promise.all(httpServers.map((server) => new Promise<void>((done) => server.close(() => done()))));
    // Before the database stops: each thread, then this one (the jobs, or every area in one process),
    // writes the cost records it still holds.
    await areaWorkers?.stop();
    await flushMainThreadCostRecords?.();
    await mailConsumer?.stop();
    await ingestion?.stop();
    for (const server of [...servers].reverse()) await server.stop();
  };
  try {
    if (options.reset) rmSync(options.dataDirectory, { recursive: true, force: true });
    const mailTokenSecret = localMailTokenSecret(options.dataDirectory);
    const dynamoDirectory = join(options.dataDirectory, 'dynamodb');
    const cognitoDirectory = join(options.dataDirectory, 'cognito');
    const dynamoDataDirectory = options.persistDynamo ? dynamoDirectory : null;
    const mailPorts = {
      smtpPort: options.smtpPort ?? (await findFreePort()),
      webPort: options.mailWebPort ?? (await findFreePort()),
    };
    // cognito-local listens here, behind the stand-in that adds global sign-out (cognito-sign-out.ts).
    const cognitoPort = await findFreePort();
    const [dynamo, cognito, queue, mail] = await Promise.all([
      supervise('DynamoDB Local', () => startDynamoDbLocal(options.dynamoPort, dynamoDataDirectory), {
        log,
        // In memory, a restart loses the tables (say so); with a data directory this finds them there.
        afterStart: async () => {
          if (!dynamoDataDirectory)
            log('local stack: DynamoDB Local runs in memory: its data did not survive.');
          await createTables(localDynamoClient(options.dynamoPort), 'local');
        },
      }),
      supervise(
        'cognito-local',
        () => startCognitoLocal(cognitoPort, cognitoDirectory, options.cognitoPort),
        {
          log,
        },
      ),
      startLocalIngestion(options.queuePort ?? (await findFreePort()), log),
      supervise('maildev', () => startMailServer(mailPorts), { log }),
    ]);
    ingestion = queue;
    servers.push(dynamo, cognito, queue.server, mail);
    const database = { stop: () => dynamo.stop(), start: () => dynamo.start() };

    httpServers.push(
      await startCognitoSignOutStandIn({
        port: options.cognitoPort,
        targetPort: cognitoPort,
        directory: cognitoDirectory,
      }),
    );
    const dynamoClient = localDynamoClient(options.dynamoPort);
    await createTables(dynamoClient, 'local');
    const cognitoClient = localCognitoClient(options.cognitoPort);
    const pool = await ensurePool(cognitoClient, cognitoDirectory);
    configureFunctionEnvironment(
      {
        ...options,
        dataMode,
        queue: { endpoint: queue.endpoint, urls: queue.urls },
        smtpPort: mailPorts.smtpPort,
        mailTokenSecret,
      },
      pool,
    );

    // The replay provider stores the history the clock needs before anything reads it; the rest of
    // 2007-2017 follows in the background (market-data/README.md "The replay provider").
    replayHistory = dataMode === 'replay' ? (await loadReplayData(log)).history : null;
    const seed = await seedLocalData(cognitoClient, pool, cognitoDirectory);
    process.env.DEMO_USER_ID = seed.investorUserId;
    // The seed read the config before the demo investor existed: read it again with DEMO_USER_ID.
    const { resetConfigForTests: rereadConfig } = await import('@app/functions/config');
    rereadConfig();
    mailConsumer = await startLocalMailConsumer(log);

    const { flushCostRecords } = await import('@app/functions/data/costs-repository');
    flushMainThreadCostRecords = flushCostRecords;
    // The area threads load their handlers while the first scheduler cycle runs (mostly waiting on
    // the queue and the database): both are kept for stop() even when the other one failed.
    const [threads, jobs] = await Promise.allSettled([
      options.singleProcess ? Promise.resolve(undefined) : startAreaWorkers(AREAS, log),
      queue
        .startConsumer()
        .then((consumer) =>
          startLocalScheduler({ consumer, awaitFirstPoll: options.awaitFirstPoll ?? true }),
        ),
    ]);
    if (threads.status === 'fulfilled') areaWorkers = threads.value;
    if (jobs.status === 'fulfilled') scheduler = jobs.value;
    if (threads.status === 'rejected') throw threads.reason;
    if (jobs.status === 'rejected') throw jobs.reason;
    const handlers = areaWorkers?.handlers ?? (await loadHandlers());
    const runJobs = (scheduler as LocalScheduler).runCycle;
    const { createTokenVerifier } = await import('@app/functions/platform/token-verifier');
    const issuer = process.env.JWT_ISSUER as string;
    const adapter = createApiGatewayAdapter({
      handlers,
      verifyAccessToken: createTokenVerifier({
        issuer,
        jwksUrl: process.env.JWKS_URL as string,
        // As API Gateway's JWT authorizer: ended sessions are the handlers' check (platform/session-check.ts).
        clientIds: [pool.webClientId, pool.adminClientId, pool.apiClientId],
      }),
      ...((options.rateLimits ?? 'cloud') === 'cloud'
        ? { rateLimiter: createRateLimiter(), signInLimiter: await createLocalSignInLimiter(log) }
        : {}),
    });

    const webUrl = `http://127.0.0.1:${options.webPort}`;
    const adminUrl = `http://127.0.0.1:${options.adminPort}`;
    const cognitoEndpoint = `http://127.0.0.1:${options.cognitoPort}`;
    const common = {
      apiUrl: '/api',
      region: 'us-east-1',
      userPoolId: pool.userPoolId,
      userPoolEndpoint: cognitoEndpoint,
      authFlowType: 'USER_PASSWORD_AUTH',
      dataMode,
      stage: 'local',
      investorSiteUrl: webUrl,
      adminSiteUrl: adminUrl,
    };
    // PAYMENT_GATEWAY=stripe locally (README "Taking real payments with Stripe"): the investor site's
    // card form is Stripe.js with STRIPE_PUBLISHABLE_KEY, and its CSP allows Stripe.js.
    const stripeKey =
      process.env.PAYMENT_GATEWAY === 'stripe' ? process.env.STRIPE_PUBLISHABLE_KEY : undefined;
    const sites = [
      {
        port: options.webPort,
        site: createStaticSite(
          join(REPOSITORY_ROOT, 'web', 'dist'),
          {
            ...common,
            userPoolClientId: pool.webClientId,
            ...(stripeKey ? { stripePublishableKey: stripeKey } : {}),
          },
          [cognitoEndpoint],
          { stripeJs: stripeKey !== undefined },
        ),
      },
      {
        port: options.adminPort,
        site: createStaticSite(
          join(REPOSITORY_ROOT, 'admin-web', 'dist'),
          // No credentials: config.json is public (docs/accounts.md "Administrators sign in with an authenticator app").
          { ...common, userPoolClientId: pool.adminClientId },
          [cognitoEndpoint],
        ),
      },
    ];
    for (const { port, site } of sites) {
      const server = createServer((request, response) => {
        const path = request.url ?? '/';
        const work =
          path === '/api' || path.startsWith('/api/')
            ? adapter(request, response)
            : Promise.resolve(site(request, response));
        work.catch((error: unknown) => {
          console.error('local stack: request failed', error);
          if (!response.headersSent)
            response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
          response.end(
            JSON.stringify({
              error: 'An unexpected error occurred. Please try again.',
              code: 'INTERNAL_ERROR',
            }),
          );
        });
      });
      await listen(server, port);
      httpServers.push(server);
    }

    return {
      webUrl,
      adminUrl,
      dynamoEndpoint: `http://127.0.0.1:${options.dynamoPort}`,
      cognitoEndpoint,
      mailUrl: `http://127.0.0.1:${mailPorts.webPort}`,
      smtpPort: mailPorts.smtpPort,
      pool,
      seed,
      database,
      servers,
      childProcesses: () => {
        // cognito-local, the queue and maildev share one process (emulator-host.ts): counted once.
        const byPid = new Map<number, string[]>();
        for (const server of servers) {
          const { pid } = server.current().child;
          if (pid !== undefined) byPid.set(pid, [...(byPid.get(pid) ?? []), server.name]);
        }
        return [...byPid].map(([pid, names]) => ({ name: names.join(' + '), pid }));
      },
      areaHeaps: async () => (areaWorkers ? areaWorkers.heapStatistics() : {}),
      ingestion: queue,
      mailQueue: mailConsumer,
      mailTokenSecret,
      runJobs,
      dataMode,
      replayHistory,
      processModel: areaWorkers ? 'workers' : 'single-process',
      flushCostRecords: async () => {
        await Promise.all([areaWorkers?.flushCostRecords(), flushCostRecords()]);
      },
      stop,
    };
  } catch (error: unknown) {
    await stop();
    throw error;
  }
}

/** Stores the clock's years now; returns the history phase running in the background. */
async function loadReplayData(log: (message: string) => void): Promise<{ history: Promise<void> }> {
  const { runReplayLoad } = await import('@app/functions/jobs/replay-load');
  const clock = await runReplayLoad('clock');
  log(
    clock.stored
      ? `local stack: replay data stored for the clock's window: ${clock.series} series, ${clock.years} year items in ${(clock.durationMs / 1000).toFixed(1)} s; the years before it load in the background.`
      : `local stack: replay data for the clock's window already stored (${clock.series} series).`,
  );
  const history = runReplayLoad('history').then(
    (history) => {
      if (history.stored)
        log(
          `local stack: replay history 2007-2017 stored in the background: ${history.years} year items in ${(history.durationMs / 1000).toFixed(1)} s.`,
        );
    },
    (error: unknown) => log(`local stack: replay history could not be stored: ${String(error)}`),
  );
  return { history };
}

/** One admin and one demo investor; idempotent across restarts. */
async function seedLocalData(
  cognitoClient: ReturnType<typeof localCognitoClient>,
  pool: LocalPool,
  cognitoDirectory: string,
): Promise<LocalStack['seed']> {
  const { getConfig, resetConfigForTests } = await import('@app/functions/config');
  resetConfigForTests();
  const config = getConfig();
  const { createDocumentClient } = await import('@app/functions/platform/dynamo-client');
  const { createUsersRepository } = await import('@app/functions/data/users-repository');
  const users = createUsersRepository(createDocumentClient(config), config.TABLE_USERS);
  const now = new Date().toISOString();

  const adminUserId = await ensureUser(cognitoClient, pool, SEED_ADMIN);
  // docs/accounts.md "Administrators sign in with an authenticator app".
  const adminTotpSecret = await ensureTotp(cognitoClient, pool, cognitoDirectory, SEED_ADMIN);
  if (!(await users.get(adminUserId))) {
    await users.create({
      id: adminUserId,
      email: SEED_ADMIN.email,
      first_name: SEED_ADMIN.firstName,
      last_name: SEED_ADMIN.lastName,
      role: 'ADMIN',
      subscription_tier: 'FREE',
      language: 'en',
      theme: 'dark',
      created_at: now,
    });
  }
  const investorUserId = await ensureUser(cognitoClient, pool, SEED_INVESTOR);
  if (!(await users.get(investorUserId))) {
    await users.create({
      id: investorUserId,
      email: SEED_INVESTOR.email,
      first_name: SEED_INVESTOR.firstName,
      last_name: SEED_INVESTOR.lastName,
      role: 'USER',
      subscription_tier: 'FREE',
      language: 'en',
      theme: 'dark',
      created_at: now,
    });
  }
  // Their plans are bought as a user buys one (sandbox test card, then a subscription), so billing,
  // invoices and the profile's tier agree; idempotent across restarts.
  const { seedSubscription } = await import('@app/functions/billing/billing-seed');
  await seedSubscription(adminUserId, { tier: 'PRO', cycle: 'monthly' }, config);
  await seedSubscription(investorUserId, { tier: SEED_INVESTOR.tier, cycle: 'monthly' }, config);
  const { createPortfolioDeps } = await import('@app/functions/portfolio/portfolio-deps');
  const { seedDemoPortfolio } = await import('@app/functions/portfolio/seed');
  await seedDemoPortfolio({ ...createPortfolioDeps(config), userId: investorUserId });
  return { adminUserId, investorUserId, adminTotpSecret };
}
