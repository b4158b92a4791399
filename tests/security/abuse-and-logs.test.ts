import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, findRouteByKey } from '@app/shared/api';
import { SIGN_IN_LIMITS } from '@app/infra/local/sign-in-limiter';
import { RATE_LIMITS } from '@app/infra/lib/throttling';
import { startLocalStack, type LocalStack } from '@app/infra/local/local-stack';
import { findFreePort } from '@app/infra/local/processes';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import type { ApiResponse } from '../src/api';
import { codeIn, waitForMailsAt } from '../src/sign-up-by-mail';
import { totp } from '../src/totp';
import { createSuiteReport } from './security-report';

/**
 * Abuse limits and log hygiene, on a stack of its own: throttling on at the cloud's numbers
 * (rateLimits 'cloud'; the shared test stack runs with it off, see tests/src/global-setup.ts), and
 * verbose logs captured from this process and scanned (the local stack runs in this process; its
 * areas' worker threads write to this process's stdout, infra/local/area-workers.ts).
 */

const report = createSuiteReport('Abuse limits and logs', 6);
const PASSWORD = 'Nugget-Abuse-7';

let stack: LocalStack;
let dataDirectory: string;
const captured: string[] = [];
const restore: (() => void)[] = [];

function captureOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return process.env.STACK_VERBOSE === 'true'
        ? (original as (...args: unknown[]) => boolean)(chunk, ...rest)
        : true;
    }) as typeof stream.write;
    restore.push(() => {
      stream.write = original as typeof stream.write;
    });
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      captured.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    };
    restore.push(() => {
      console[level] = original;
    });
  }
}

async function request(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string | Buffer; from?: string | undefined } = {},
): Promise<ApiResponse> {
  // `from`: the loopback address the request leaves from (another client; Linux routes 127.0.0.0/8 to lo).
  const response = await fetch(new URL(path, stack.webUrl), {
    ...(options.from ? { dispatcher: new Agent({ localAddress: options.from }) } : {}),
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined || options.rawBody !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    // A Buffer is sent as its bytes (a Uint8Array), the DOM typings ask for that view of it.
    ...(options.rawBody !== undefined
      ? { body: typeof options.rawBody === 'string' ? options.rawBody : new Uint8Array(options.rawBody) }
      : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the inspection reports it.
  }
  const result = { status: response.status, headers: response.headers, text, body };
  report.inspect(
    findRouteByKey(`${method} ${path.split('?')[0]}`),
    options.token ? 'free' : 'anonymous',
    result,
  );
  return result;
}

/** Both sign-up steps through `request` (so the report inspects them), the code read from the inbox. */
async function register(name: string, language?: 'fr'): Promise<{ token: string; email: string }> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.test`;
  const started = await request('POST', contract.auth.register.path, {
    body: { email, password: PASSWORD, first_name: name, ...(language ? { language } : {}) },
  });
  if (started.status !== 202) throw new Error(`register failed: ${started.status} ${started.text}`);
  const [mail] = await waitForMailsAt(stack.mailUrl, email);
  const response = await request('POST', contract.auth.confirmRegistration.path, {
    body: { email, code: codeIn(mail!), password: PASSWORD },
  });
  if (response.status !== 201) throw new Error(`confirm failed: ${response.status} ${response.text}`);
  return { token: (response.body as { access_token: string }).access_token, email };
}

beforeAll(async () => {
  process.env.LOCAL_PRICE_POLL_SECONDS = '0';
  // The shared stack of the global setup quietened its process (LOG_LEVEL=WARN) before this worker
  // was forked; this stack logs every request, as `npm start -- --verbose` does.
  delete process.env.LOG_LEVEL;
  captureOutput();
  dataDirectory = mkdtempSync(join(tmpdir(), 'nugget-abuse-'));
  stack = await startLocalStack({
    webPort: await findFreePort(),
    adminPort: await findFreePort(),
    dynamoPort: await findFreePort(),
    cognitoPort: await findFreePort(),
    dataDirectory,
    persistDynamo: false,
    reset: false,
    verbose: true,
    rateLimits: 'cloud',
  });
}, 180_000);

afterAll(async () => {
  report.save();
  await stack?.stop();
  for (const undo of restore.reverse()) undo();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe('brute-force protection on sign-in (the local stack; Cognito’s own in the cloud)', () => {
  it('slows the client guessing past 5 wrong passwords (1 s, then 2 s), never the owner elsewhere, and mails the owner once in their language', async () => {
    const victim = await register('Victim', 'fr');
    const attacker = '127.0.0.3';
    const login = (password: string, from?: string) =>
      request('POST', contract.auth.login.path, { body: { email: victim.email, password }, from });
    const { freeFailures } = SIGN_IN_LIMITS.perAccount;

    const wrong: number[] = [];
    for (let attempt = 0; attempt < freeFailures; attempt += 1)
      wrong.push((await login(`Wrong-Password-${attempt}`, attacker)).status);
    const slowed = await login(PASSWORD, attacker);
    // The owner, on their own device, with the right password: not locked out by the attacker.
    const owner = await login(PASSWORD);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const sixth = await login('Wrong-Password-6', attacker);
    const slowedAgain = await login('Wrong-Password-7', attacker);
    const mails = await waitForMailsAt(stack.mailUrl, victim.email, 2);

    expect(wrong).toEqual(Array(freeFailures).fill(401));
    // 2^0 s after the 5th failure, then 2^1 s after the 6th (docs/accounts.md "Abuse").
    expect([slowed.status, slowed.headers.get('retry-after')]).toEqual([429, '1']);
    expect(slowed.body).toMatchObject({
      code: 'RATE_LIMITED',
      message_code: 'AUTH_SIGN_IN_LOCKED',
      retry_after_seconds: 1,
    });
    expect(owner.status).toBe(200);
    expect(sixth.status).toBe(401);
    expect([slowedAgain.status, slowedAgain.headers.get('retry-after')]).toEqual([429, '2']);
    // The sign-up code, then one alert (once per burst, in French as the account's language).
    const alerts = mails.filter(
      (mail) => mail.subject === 'Connexions échouées sur votre compte Nugget Invest',
    );
    expect(alerts).toHaveLength(1);
    report.limit(
      `sign-in: past ${freeFailures} failures per account a client waits 1, 2, 4... s; the owner elsewhere signs in`,
      slowed.status === 429 && owner.status === 200,
    );
  }, 60_000);
});

describe('per-caller rate limits at the CDK numbers', () => {
  it('throttles one user’s write burst above the burst size with 429 and Retry-After, and not another user', async () => {
    const [noisy, quiet] = [await register('Noisy'), await register('Quiet')];
    const burst = RATE_LIMITS.write.burst;
    const started = performance.now();

    // Rounds of twice the burst, back to back: a loaded machine may serve one round slowly enough to
    // refill, never all of them (the ceiling below allows every token the elapsed time gave back).
    const statuses: ApiResponse[] = [];
    for (let round = 0; round < 5; round += 1) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: burst * 2 }, () =>
            request('PATCH', contract.auth.updateMe.path, { token: noisy.token, body: { theme: 'dark' } }),
          ),
        )),
      );
    }
    const elapsedSeconds = (performance.now() - started) / 1000;
    const quietAnswer = await request('PATCH', contract.auth.updateMe.path, {
      token: quiet.token,
      body: { theme: 'light' },
    });
    const passed = statuses.filter((response) => response.status === 200).length;
    const throttled = statuses.filter((response) => response.status === 429);
    const retryAfter = Number(throttled[0]?.headers.get('retry-after'));
    // Tokens come back at `rate` per second while the burst is being served.
    const ceiling = burst + Math.ceil(elapsedSeconds * RATE_LIMITS.write.rate) + 1;

    expect(passed).toBeGreaterThanOrEqual(burst);
    expect(passed).toBeLessThanOrEqual(ceiling);
    expect(throttled.length).toBe(statuses.length - passed);
    expect(throttled.length).toBeGreaterThan(0);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(throttled[0]?.body).toMatchObject({ code: 'RATE_LIMITED', retry_after_seconds: retryAfter });
    expect(quietAnswer.status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    const afterWait = await request('PATCH', contract.auth.updateMe.path, {
      token: noisy.token,
      body: { theme: 'dark' },
    });
    expect(afterWait.status).toBe(200);
    report.figure(
      `write: ${passed} of ${statuses.length} concurrent PATCH /me passed (burst ${burst}, rate ${RATE_LIMITS.write.rate}/s), Retry-After ${retryAfter} s`,
    );
    report.limit(
      `write rate limit per user (burst ${burst}, ${RATE_LIMITS.write.rate}/s)`,
      passed <= ceiling && throttled.length > 0,
    );
  }, 60_000);

  it('throttles the analysis routes for an anonymous client by IP, and leaves reads alone', async () => {
    const burst = RATE_LIMITS.analysis.burst;
    const started = performance.now();
    const analyses: ApiResponse[] = [];
    for (let round = 0; round < 3; round += 1) {
      analyses.push(
        ...(await Promise.all(
          Array.from({ length: burst * 3 }, () =>
            request('POST', contract.ai.analyzeStock.path, { body: { symbol: 'AAPL' } }),
          ),
        )),
      );
    }
    const elapsedSeconds = (performance.now() - started) / 1000;
    const reads = await Promise.all(
      Array.from({ length: 150 }, () => request('GET', contract.subscription.tiers.path)),
    );
    const passed = analyses.filter((response) => response.status === 200).length;
    const ceiling = burst + Math.ceil(elapsedSeconds * RATE_LIMITS.analysis.rate) + 1;

    expect(passed).toBeGreaterThanOrEqual(burst);
    expect(passed).toBeLessThanOrEqual(ceiling);
    expect(analyses.filter((response) => response.status === 429)).toHaveLength(analyses.length - passed);
    expect(passed).toBeLessThan(analyses.length);
    expect(reads.every((response) => response.status === 200)).toBe(true);
    report.figure(
      `analysis: ${passed} of ${analyses.length} concurrent analyses passed (burst ${burst}); 150 concurrent reads all 200`,
    );
    report.limit(
      `analysis rate limit per caller (burst ${burst}, ${RATE_LIMITS.analysis.rate}/s)`,
      passed <= ceiling,
    );
    report.limit(
      'read routes not throttled (150 concurrent)',
      reads.every((response) => response.status === 200),
    );
  }, 60_000);
});

describe('request size limits', () => {
  it('refuses a body over 64 KB in the handler and stops reading over 2 MB in the adapter, with 413', async () => {
    const user = await register('Big');
    const justUnder = await request('PATCH', contract.auth.updateMe.path, {
      token: user.token,
      rawBody: JSON.stringify({ first_name: 'A'.repeat(100), padding: ' '.repeat(60_000) }),
    });
    const over = await request('PATCH', contract.auth.updateMe.path, {
      token: user.token,
      rawBody: JSON.stringify({ first_name: 'x'.repeat(65 * 1024) }),
    });
    const started = performance.now();
    const huge = await request('POST', contract.ai.analyzeStock.path, {
      rawBody: Buffer.alloc(3 * 1024 * 1024, 0x20),
    });
    const hugeMs = performance.now() - started;
    const next = await request('GET', contract.subscription.tiers.path);

    expect(justUnder.status).toBe(400); // under the limit: parsed, and refused for its unknown field
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('connection')).toBe('close');
    expect(next.status).toBe(200);
    report.figure(`3 MB body refused with 413 in ${hugeMs.toFixed(0)} ms`);
    report.limit(
      'body size: 64 KB in the handler, 2 MB in the adapter (413)',
      over.status === 413 && huge.status === 413,
    );
  }, 60_000);

  it('refuses a search query over 64 characters with 400 naming query.q', async () => {
    const atLimit = await request('GET', `${contract.portfolio.search.path}?q=${'a'.repeat(64)}`);
    const over = await request('GET', `${contract.portfolio.search.path}?q=${'a'.repeat(65)}`);

    expect(atLimit.status).toBe(200);
    expect(over.status).toBe(400);
    expect((over.body as { issues: { path: string }[] }).issues[0]?.path).toBe('query.q');
    report.limit('search query length 64 (400 over it)', over.status === 400 && atLimit.status === 200);
  });
});

describe('logs never hold a token or a password', () => {
  it('scans every captured log line after sign-ups, sign-ins, token-bearing and failing requests', async () => {
    const user = await register('Logger');
    const login = await request('POST', contract.auth.login.path, {
      body: { email: user.email, password: PASSWORD },
    });
    const admin = await request('POST', contract.auth.login.path, {
      body: {
        email: SEED_ADMIN.email,
        password: SEED_ADMIN.password,
        totp_code: totp(stack.seed.adminTotpSecret),
      },
    });
    const wrong = await request('POST', contract.auth.login.path, {
      body: { email: user.email, password: 'Wrong-Password-99' },
    });
    const weak = await request('POST', contract.auth.register.path, {
      body: { email: `weak-${Date.now()}@example.test`, password: 'weakpassword', first_name: 'Weak' },
    });
    const token = (login.body as { access_token: string }).access_token;
    await request('GET', contract.auth.me.path, { token });
    await request('GET', contract.admin.dashboard.path, { token });
    await request('GET', '/api/subscription/my-subscription', { token: `${token}x` });
    await request('POST', contract.portfolio.add.path, {
      token,
      body: { symbol: 'NOPE!', shares: -1, asset_type: 'stock' },
    });

    const logs = captured.join('\n');
    const secrets = [
      PASSWORD,
      SEED_ADMIN.password,
      'Wrong-Password-99',
      'weakpassword',
      token,
      token.split('.')[2] as string,
    ];
    const found = secrets.filter((secret) => logs.includes(secret));
    const jwtLike = logs.match(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g) ?? [];
    const bearer = logs.match(/Bearer\s+[A-Za-z0-9._-]{20,}/g) ?? [];
    const requestLines = logs
      .split('\n')
      .filter((line) => line.includes('request completed') || line.includes('request refused'));
    report.figure(
      `logs: ${requestLines.length} request log lines (${(logs.length / 1024).toFixed(0)} KB) scanned`,
    );

    expect([login.status, admin.status, wrong.status, weak.status]).toEqual([200, 200, 401, 400]);
    // The capture works (a scan of nothing proves nothing).
    expect(requestLines.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
    expect(jwtLike).toEqual([]);
    expect(bearer).toEqual([]);
    report.limit(
      'logs hold no token and no password',
      found.length === 0 && jwtLike.length === 0 && bearer.length === 0,
    );
    for (const leak of [...found, ...jwtLike, ...bearer])
      report.result.leaks.push(`log line holds ${leak.slice(0, 12)}...`);
  }, 60_000);
});
