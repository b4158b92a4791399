/**
 * `npm run bench`: measures the Lambda artefacts, the API under load on an in-process local stack,
 * DynamoDB consumption, cost per million requests, the sites, memory and the engine, and writes one
 * report, bench/results.md (overwritten). Starts and stops everything it needs; never part of `npm test`.
 * Each section of the report is rendered by its own module in ./report.
 *
 * Options: --quick (5 s load levels, 5 init runs: a smoke run of the whole pipeline, figures not for the
 * report), --reuse-sites (measure the existing dist/ builds instead of building the sites for production).
 */
import './quiet-env';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_SIZING } from '@app/infra/lib/area-sizing';
import { REPOSITORY_ROOT, type LocalStack } from '@app/infra/local/local-stack';
import { SEED_ADMIN, SEED_INVESTOR } from '@app/infra/local/seed-data';
import { startBenchStack } from './bench-stack';
import { createProUser, login } from './api-load';
import { measureApiLoadModes } from './api-load-modes';
import { eventOf, invokeBundle, type InvocationSpec } from './area-invoker';
import { runEngineBench } from './engine';
import { runIngestionBench } from './ingestion';
import type { OnDemandBenchFigures } from './on-demand';
import { areaOfPath, lambdaEnvironment } from './exercise-routes';
import { runSequentialPass } from './sequential-pass';
import { dataFilesDirectoryOf, measureArtefacts } from './lambda-artefacts';
import { runLighthouse } from './lighthouse-scores';
import { snapshotMemory } from './memory';
import { countPageRequests } from './page-requests';
import { runLedgerRoutesBench } from './ledger';
import { runLedgerStorageBench } from './ledger-storage';
import { runPortfolioBench } from './portfolio';
import { runResetTimingBench } from './reset-timing';
import { runScreenerBench } from './screener';
import { renderReport } from './report/report';
import type { Report } from './report/report-data';
import { progress, round } from './report-format';
import { INIT_RUNS, LIGHTHOUSE_RUNS, lighthousePages, QUICK } from './run-options';
import { ensureSitesBuilt, measureSite, SITES } from './site-weight';
import { runSubscriptionBench } from './subscription';

const REPORT_PATH = fileURLToPath(new URL('./results.md', import.meta.url));

async function main(): Promise<void> {
  const report: Report = { startedAt: new Date(), loadBefore: loadavg(), sitesBuilt: false, errors: [] };
  const work = mkdtempSync(join(tmpdir(), 'nugget-bench-'));
  let stack: LocalStack | undefined;
  try {
    progress('sites: checking the builds');
    report.sitesBuilt = ensureSitesBuilt(process.argv.includes('--reuse-sites'));
    // Measured now: a colleague's rebuild later in the run would leave dist/ half-written.
    report.sites = SITES.map((site) => measureSite(site));

    progress(
      `lambda artefacts: building ${QUICK ? 'quick' : 'full'} and timing ${INIT_RUNS} cold imports each`,
    );
    const bundleDirectory = join(work, 'bundles');
    report.artefacts = await measureArtefacts(bundleDirectory, INIT_RUNS);

    progress('engine: analysis throughput and price poll');
    report.engine = await runEngineBench();

    stack = await startBenchStack(work);
    const baseUrl = stack.webUrl;
    const children = () => stack?.childProcesses() ?? [];
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    global.gc?.();
    report.memoryAtRest = snapshotMemory(children());

    const admin = await login(baseUrl, SEED_ADMIN.email, SEED_ADMIN.password, stack.seed.adminTotpSecret);
    progress('subscription and portfolio latency benches');
    const subscriber = await createProUser(stack, 'subscription');
    report.subscription = await runSubscriptionBench(baseUrl, subscriber.token, {
      requests: QUICK ? 50 : 300,
    });
    const holder = await createProUser(stack, 'portfolio');
    report.portfolio = await runPortfolioBench(baseUrl, holder.token, { requests: QUICK ? 30 : 150 });
    const ledgerHolder = await createProUser(stack, 'ledger');
    report.ledger = await runLedgerRoutesBench(baseUrl, ledgerHolder.token, { requests: QUICK ? 20 : 100 });
    progress('ledger storage: a 10,000-row import, adds at 100 and 10,000 rows, reads at 10,000 rows');
    report.ledgerStorage = await runLedgerStorageBench(stack, {
      requests: QUICK ? 10 : 50,
      adds: QUICK ? 3 : 10,
    });
    progress('password reset: known and unknown addresses, alternating');
    report.resetTiming = await runResetTimingBench(stack, { requests: QUICK ? 30 : 200 });
    progress('screener: every filter, one request at a time');
    report.screener = await runScreenerBench(stack, { requests: QUICK ? 20 : 200 });

    progress('dynamodb: sequential pass over every route');
    const pass = await runSequentialPass(stack, admin, QUICK ? 2 : 5);
    const { specs } = pass;
    report.exerciseStatuses = pass.statuses;
    report.consumption = pass.consumption;

    progress('lambda artefacts: replay data and per-area memory in Lambda-like processes');
    const replayFile = join(work, 'replay-universe.json');
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(REPOSITORY_ROOT, 'functions/scripts/build-replay-data.ts'),
        replayFile,
        '--with-snapshot',
      ],
      {
        cwd: REPOSITORY_ROOT,
        stdio: 'ignore',
      },
    );
    // As AppFunction sets it: the messages (and the news data) the bundles read at run time.
    const environment = { ...lambdaEnvironment(), DATA_FILES_DIR: dataFilesDirectoryOf(bundleDirectory) };
    const replaySpecs: InvocationSpec[] = [
      { method: 'GET', path: '/api/ai/prices/real-time' },
      { method: 'GET', path: '/api/portfolio/search?q=app' },
    ];
    const bundleOf = (name: string) =>
      report.artefacts?.bundles.find((bundle) => bundle.name === name)?.file ?? '';
    const without = invokeBundle({
      directory: bundleDirectory,
      bundleFile: bundleOf('market'),
      name: 'replay-without',
      specs: replaySpecs.slice(0, 1),
      rounds: 1,
      environment,
    });
    const withFile = invokeBundle({
      directory: bundleDirectory,
      bundleFile: bundleOf('market'),
      name: 'replay-with',
      specs: replaySpecs.slice(0, 1),
      rounds: 1,
      environment: { ...environment, REPLAY_DATA_FILE: replayFile },
    });
    report.replayCheck = { without, with: withFile, replayFileBytes: statSync(replayFile).size };
    report.perArea = {};
    for (const area of Object.keys(AREA_SIZING)) {
      const areaSpecs = specs.filter((spec) => {
        try {
          return eventOf(spec).label && areaOfPath(spec.path) === area;
        } catch {
          return false;
        }
      });
      if (areaSpecs.length === 0) continue;
      report.perArea[area] = invokeBundle({
        directory: bundleDirectory,
        bundleFile: bundleOf(area),
        name: area,
        specs: areaSpecs,
        rounds: QUICK ? 3 : 15,
        environment: {
          ...environment,
          REPLAY_DATA_FILE: replayFile,
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(AREA_SIZING[area as keyof typeof AREA_SIZING].memorySize),
        },
      });
    }

    progress('pages: API calls per page load in Chromium');
    try {
      report.pages = await countPageRequests({
        webUrl: baseUrl,
        investor: { email: SEED_INVESTOR.email, password: SEED_INVESTOR.password },
      });
    } catch (error: unknown) {
      report.pagesError = error instanceof Error ? error.message : String(error);
    }

    progress('lighthouse: home, pricing, the signed-in dashboard, the admin login');
    report.lighthouse = await runLighthouse(lighthousePages(baseUrl, stack.adminUrl), {
      runs: LIGHTHOUSE_RUNS,
      investor: { email: SEED_INVESTOR.email, password: SEED_INVESTOR.password },
    });
  } catch (error: unknown) {
    report.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    progress(`failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    progress('stopping the local stack');
    await stack?.stop();
  }
  try {
    // After the stack: each process model runs the load mix on a fresh stack in a child process.
    report.loadModes = measureApiLoadModes();
    const workers = report.loadModes.find((mode) => mode.mode === 'workers');
    report.load = workers?.load;
    report.loadConsumption = workers?.consumption;
  } catch (error: unknown) {
    report.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    progress(`load failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // After the stack: the ingestion bench brings its own database, queue and provider simulator.
    report.ingestion = await runIngestionBench({
      symbols: QUICK ? 200 : 2_000,
      requestsPerSecond: 10,
      workers: 2,
      work,
      progress,
    });
  } catch (error: unknown) {
    report.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    progress(`ingestion failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  try {
    progress('on demand: a live stack of its own in a child process (the configuration is per process)');
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'bench/on-demand.ts', '--json'], {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    report.onDemand = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as OnDemandBenchFigures;
  } catch (error: unknown) {
    report.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    progress(`on demand failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  report.finishedAt = new Date();
  report.loadAfter = loadavg();
  writeFileSync(REPORT_PATH, renderReport(report));
  progress(
    `wrote ${REPORT_PATH} in ${round((report.finishedAt.getTime() - report.startedAt.getTime()) / 1000, 0)} s`,
  );
  if (report.errors.length > 0) process.exitCode = 1;
}

await main();
