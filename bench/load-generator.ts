/**
 * The load generator of section 2, run in its own process (`node --import tsx bench/load-generator.ts
 * <plan.json> <result.json>`) so autocannon's client work does not share the local stack's event loop
 * or show up in its memory figures.
 *
 * One weighted autocannon run per concurrency level: every connection cycles through the same
 * sequence of requests (a dashboard load, the portfolio list, recommendations, check-feature, an
 * add-asset and the removal of what it added, the admin dashboard). Autocannon reports only totals, so
 * the latency of each route is taken per request: the request's `onResponse` names the route of the
 * response being completed, and the client's `response` event (registered in `setupClient`), emitted
 * right after for the same response, carries its duration.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { percentile, round } from './report-format';

export interface LoadRequest {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token?: string;
  /** Filled per connection: the add-asset body and token, the removal path. */
  role?: 'add-asset' | 'remove-asset';
}

export interface LoadPlan {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  sequence: LoadRequest[];
  /** Writers for add/remove: each connection gets one user and one symbol of its own. */
  writers: { token: string }[];
  symbols: { symbol: string; asset_type: string }[];
}

export interface RouteLoadFigures {
  name: string;
  requests: number;
  throughput_rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  statuses: Record<string, number>;
  errors: number;
}

export interface LoadResult {
  connections: number;
  duration_seconds: number;
  total_requests: number;
  throughput_rps: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  routes: RouteLoadFigures[];
}

interface ConnectionContext {
  index?: number;
  holdingId?: string;
}

/** Minimal typing of what we use from autocannon (it ships no types). */
interface AutocannonClient {
  on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
}

interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: ConnectionContext) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: ConnectionContext) => void;
}

interface AutocannonSummary {
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

type AutocannonRun = (options: Record<string, unknown>) => Promise<AutocannonSummary>;

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const samples = new Map<string, { durations: number[]; statuses: Record<string, number> }>();
  for (const request of plan.sequence) samples.set(request.name, { durations: [], statuses: {} });
  let completing: { name: string; status: number } | undefined;
  let nextConnection = 0;

  const requests: AutocannonRequest[] = plan.sequence.map((request, position) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    return {
      method: request.method,
      path: request.path,
      headers,
      setupRequest: (built, context) => {
        if (position === 0 && context.index === undefined) context.index = nextConnection++;
        const index = context.index ?? 0;
        if (request.role === 'add-asset') {
          const writer = plan.writers[index % plan.writers.length];
          const asset = plan.symbols[index % plan.symbols.length];
          return {
            ...built,
            headers: {
              ...headers,
              authorization: `Bearer ${writer?.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ symbol: asset?.symbol, asset_type: asset?.asset_type, shares: 1 }),
          };
        }
        if (request.role === 'remove-asset') {
          const writer = plan.writers[index % plan.writers.length];
          // A failed add leaves no id: the removal of an unknown (well-formed) id then answers 404 and counts.
          const id = context.holdingId ?? '00000000000000000000000000';
          context.holdingId = undefined;
          return {
            ...built,
            path: `/api/portfolio/holdings/${id}`,
            headers: { ...headers, authorization: `Bearer ${writer?.token}` },
          };
        }
        return built;
      },
      onResponse: (status, body, context) => {
        completing = { name: request.name, status };
        if (request.role === 'add-asset' && status < 300) {
          try {
            context.holdingId = (JSON.parse(body) as { asset?: { id?: string } }).asset?.id;
          } catch {
            context.holdingId = undefined;
          }
        }
      },
    };
  });

  const run = autocannon as unknown as AutocannonRun;
  const summary = await run({
    url: plan.baseUrl,
    connections: plan.connections,
    duration: plan.durationSeconds,
    timeout: 10,
    requests,
    setupClient: (client: AutocannonClient) => {
      client.on('response', (status, _bytes, durationMs) => {
        const entry = completing ? samples.get(completing.name) : undefined;
        completing = undefined;
        if (!entry) return;
        entry.durations.push(durationMs);
        entry.statuses[String(status)] = (entry.statuses[String(status)] ?? 0) + 1;
      });
    },
  });

  const seconds = summary.duration || plan.durationSeconds;
  const routes = [...samples.entries()].map(([name, { durations, statuses }]) => {
    const sorted = durations.sort((a, b) => a - b);
    const errors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 400)
      .reduce((sum, [, count]) => sum + count, 0);
    return {
      name,
      requests: sorted.length,
      throughput_rps: round(sorted.length / seconds, 1),
      p50_ms: round(percentile(sorted, 0.5)),
      p95_ms: round(percentile(sorted, 0.95)),
      p99_ms: round(percentile(sorted, 0.99)),
      max_ms: round(sorted.at(-1) ?? 0),
      statuses,
      errors,
    };
  });
  return {
    connections: plan.connections,
    duration_seconds: round(seconds, 1),
    total_requests: summary.requests.total,
    throughput_rps: round(summary.requests.average, 1),
    errors: summary.errors,
    timeouts: summary.timeouts,
    non_2xx: summary.non2xx,
    routes,
  };
}

const [planPath, resultPath] = process.argv.slice(2);
if (planPath && resultPath) {
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as LoadPlan;
  const result = await runLoad(plan);
  writeFileSync(resultPath, JSON.stringify(result));
}
