import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoute, routeKeyOf } from '@app/shared/api';
import { claimsAsGatewayPassesThem } from '@app/infra/local/api-gateway-adapter';

/**
 * Runs one area's bundle (as built in section 1) in a process of its own, like a Lambda instance,
 * and invokes its handler directly with API Gateway HTTP API v2 events: for the per-area memory
 * figures (section 6) and to show what a bundle does in replay mode without the data packages
 * (section 1). The child sees only what the Lambda would: the bundle, the AWS SDK, and environment
 * variables.
 */

export interface InvocationSpec {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
}

interface Event {
  label: string;
  event: Record<string, unknown>;
}

/** The token's claims as API Gateway's JWT authorizer hands them to the Lambda (the local adapter's way). */
function gatewayClaimsOf(token: string): Record<string, string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return claimsAsGatewayPassesThem(payload);
}

export function eventOf(spec: InvocationSpec): Event {
  const url = new URL(spec.path, 'http://127.0.0.1');
  const matched = matchRoute(spec.method, url.pathname);
  if (!matched || 'methodNotAllowed' in matched) throw new Error(`no route for ${spec.method} ${spec.path}`);
  const routeKey = routeKeyOf(matched.route);
  const headers: Record<string, string> = { host: '127.0.0.1', 'user-agent': 'nugget-bench' };
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  const query = Object.fromEntries(url.searchParams);
  const protectedRoute = matched.route.access === 'user' || matched.route.access === 'admin';
  return {
    label: `${spec.method} ${matched.route.path}`,
    event: {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
      ...(Object.keys(matched.pathParameters).length > 0 ? { pathParameters: matched.pathParameters } : {}),
      requestContext: {
        accountId: 'bench',
        apiId: 'bench',
        domainName: '127.0.0.1',
        domainPrefix: 'bench',
        http: {
          method: spec.method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'nugget-bench',
        },
        requestId: 'bench',
        routeKey,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        ...(protectedRoute && spec.token
          ? { authorizer: { jwt: { claims: gatewayClaimsOf(spec.token), scopes: null } } }
          : {}),
      },
      ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
      isBase64Encoded: false,
    },
  };
}

const INVOKER = `
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [bundle, eventsFile, roundsText] = process.argv.slice(2);
const events = JSON.parse(readFileSync(eventsFile, 'utf8'));
const { handler } = await import(pathToFileURL(bundle).href);
let peakHeap = 0;
let peakRss = 0;
const statuses = {};
const failures = [];
const sample = () => {
  const memory = process.memoryUsage();
  peakHeap = Math.max(peakHeap, memory.heapUsed);
  peakRss = Math.max(peakRss, memory.rss);
};
const timer = setInterval(sample, 20);
for (let round = 0; round < Number(roundsText); round += 1) {
  for (const { label, event } of events) {
    const context = { awsRequestId: 'bench-' + round, functionName: 'bench', getRemainingTimeInMillis: () => 10000, callbackWaitsForEmptyEventLoop: false };
    const started = performance.now();
    const result = await handler({ ...event, requestContext: { ...event.requestContext, requestId: 'bench-' + round + '-' + Math.random().toString(36).slice(2), time: new Date().toISOString(), timeEpoch: Date.now() } }, context);
    const key = label + ' ' + result.statusCode;
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (result.statusCode >= 500 && failures.length < 5) failures.push({ label, status: result.statusCode, body: String(result.body).slice(0, 300) });
    sample();
  }
}
clearInterval(timer);
sample();
process.stdout.write('\\n@@RESULT@@' + JSON.stringify({ peakHeap, peakRss, statuses, failures }));
process.exit(0);
`;

export interface InvocationResult {
  peak_heap_bytes: number;
  peak_rss_bytes: number;
  statuses: Record<string, number>;
  failures: { label: string; status: number; body: string }[];
  /** Error lines the bundle logged (its logger writes JSON lines to stdout/stderr). */
  logged_errors: string[];
  exit_status: number | null;
}

export function invokeBundle(options: {
  directory: string;
  bundleFile: string;
  name: string;
  specs: readonly InvocationSpec[];
  rounds: number;
  environment: Record<string, string>;
}): InvocationResult {
  const eventsFile = join(options.directory, `events-${options.name}.json`);
  writeFileSync(eventsFile, JSON.stringify(options.specs.map(eventOf)));
  const invoker = join(options.directory, 'invoke-area.mjs');
  writeFileSync(invoker, INVOKER);
  const child = spawnSync(
    process.execPath,
    [invoker, options.bundleFile, eventsFile, String(options.rounds)],
    {
      cwd: options.directory,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...options.environment },
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const output = `${child.stdout ?? ''}\n${child.stderr ?? ''}`;
  const marker = (child.stdout ?? '').lastIndexOf('@@RESULT@@');
  const loggedErrors = output
    .split('\n')
    .filter((line) => /"level":"ERROR"|Cannot find|ERR_MODULE_NOT_FOUND|ENOENT/.test(line))
    .map((line) => {
      const found = /(Cannot find (?:module|package) '[^']+'|ENOENT[^"]*|"message":"[^"]{0,200}")/.exec(line);
      return (found?.[1] ?? line).slice(0, 300);
    });
  if (marker < 0) {
    return {
      peak_heap_bytes: 0,
      peak_rss_bytes: 0,
      statuses: {},
      failures: [{ label: 'process', status: child.status ?? -1, body: output.slice(-600) }],
      logged_errors: [...new Set(loggedErrors)].slice(0, 5),
      exit_status: child.status,
    };
  }
  const parsed = JSON.parse((child.stdout ?? '').slice(marker + '@@RESULT@@'.length)) as {
    peakHeap: number;
    peakRss: number;
    statuses: Record<string, number>;
    failures: { label: string; status: number; body: string }[];
  };
  return {
    peak_heap_bytes: parsed.peakHeap,
    peak_rss_bytes: parsed.peakRss,
    statuses: parsed.statuses,
    failures: parsed.failures,
    logged_errors: [...new Set(loggedErrors)].slice(0, 5),
    exit_status: child.status,
  };
}
