import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack, REPOSITORY_ROOT } from './local-stack';
import { isPortOpen } from './processes';
import { SEED_ADMIN, SEED_INVESTOR } from './seed-data';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    reset: { type: 'boolean', default: false },
    live: { type: 'boolean', default: process.env.DATA_MODE === 'live' },
    verbose: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    // Every handler on one event loop, as before the worker threads (to compare: bench section 2).
    'single-process': { type: 'boolean', default: false },
    'web-port': { type: 'string', default: process.env.WEB_PORT ?? '3000' },
    'admin-port': { type: 'string', default: process.env.ADMIN_PORT ?? '3001' },
    'dynamodb-port': { type: 'string', default: process.env.DYNAMODB_PORT ?? '8000' },
    'cognito-port': { type: 'string', default: process.env.COGNITO_PORT ?? '9229' },
    'queue-port': { type: 'string', default: process.env.QUEUE_PORT ?? '9324' },
    'smtp-port': { type: 'string', default: process.env.SMTP_PORT ?? '1025' },
    'mail-port': { type: 'string', default: process.env.MAIL_PORT ?? '1080' },
  },
});

const dataDirectory = join(REPOSITORY_ROOT, '.local');
const lockFile = join(dataDirectory, 'stack.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  mkdirSync(dataDirectory, { recursive: true });
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      console.error(
        `The local stack is already running (pid ${pid}). Stop it with Ctrl-C in its terminal first.`,
      );
      process.exit(1);
    }
  }
  const ports = {
    webPort: Number(values['web-port']),
    adminPort: Number(values['admin-port']),
    dynamoPort: Number(values['dynamodb-port']),
    cognitoPort: Number(values['cognito-port']),
    queuePort: Number(values['queue-port']),
    smtpPort: Number(values['smtp-port']),
    mailWebPort: Number(values['mail-port']),
  };
  for (const [name, port] of Object.entries(ports)) {
    if (await isPortOpen(port)) {
      console.error(
        `Port ${port} (${name}) is already in use. Free it or choose another, e.g. --${name
          .replace('mailWebPort', 'mailPort')
          .replace('Port', '')
          .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-port.`,
      );
      process.exit(1);
    }
  }
  writeFileSync(lockFile, String(process.pid));

  if (!values['no-build']) {
    console.log('Building the investor and admin sites...');
    execFileSync('npm', ['run', 'build', '--workspace', 'web', '--workspace', 'admin-web', '--if-present'], {
      cwd: REPOSITORY_ROOT,
      stdio: 'inherit',
    });
  }
  console.log(values.reset ? 'Starting the local stack from scratch...' : 'Starting the local stack...');
  const stack = await startLocalStack({
    ...ports,
    dataDirectory,
    persistDynamo: true,
    reset: values.reset ?? false,
    verbose: values.verbose ?? false,
    dataMode: values.live ? 'live' : 'replay',
    singleProcess: values['single-process'] ?? false,
    awaitFirstPoll: false,
  });
  writeFileSync(lockFile, String(process.pid));

  const mode =
    stack.dataMode === 'live'
      ? `live prices from ${process.env.LIVE_QUOTE_BASE_URL ?? 'Yahoo Finance'}, CoinGecko and SEC EDGAR`
      : 'prices replayed from real history';
  console.log(`
  Nugget Invest is running (local stack, ${mode}; ${
    stack.processModel === 'workers' ? 'one worker thread per service area' : 'every area in one process'
  }).

    Investor site  ${stack.webUrl}        API ${stack.webUrl}/api/
    Admin site     ${stack.adminUrl}
    DynamoDB Local ${stack.dynamoEndpoint}    cognito-local ${stack.cognitoEndpoint}
    Queue (fauxqs) ${stack.ingestion.endpoint}
    Mail inbox     ${stack.mailUrl}    (maildev: every mail the stack sends lands here)

    Admin          ${SEED_ADMIN.email} / ${SEED_ADMIN.password}
                   authenticator app key ${stack.seed.adminTotpSecret} (the admin site asks for its code)
    Demo investor  ${SEED_INVESTOR.email} / ${SEED_INVESTOR.password}  (${SEED_INVESTOR.tier})

  Data persists in .local/ (npm start -- --reset wipes it). Ctrl-C stops everything.
`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack...');
    await stack.stop();
    rmSync(lockFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error('The local stack failed to start:', error instanceof Error ? error.message : error);
  rmSync(lockFile, { force: true });
  process.exit(1);
});
