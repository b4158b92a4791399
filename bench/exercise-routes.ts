import { callApi, type BenchUser } from './api-load';
import type { InvocationSpec } from './area-invoker';

export /** Every route the sequential pass calls (section 3, 4) and the per-area processes invoke (section 6). */
function exerciseSpecs(reader: BenchUser, admin: BenchUser): InvocationSpec[] {
  const own = (method: string, path: string, body?: unknown): InvocationSpec => ({
    method,
    path,
    token: reader.token,
    ...(body === undefined ? {} : { body }),
  });
  const asAdmin = (path: string): InvocationSpec => ({ method: 'GET', path, token: admin.token });
  return [
    { method: 'GET', path: '/api/' },
    { method: 'GET', path: '/api/health' },
    { method: 'GET', path: '/api/auth/health' },
    own('GET', '/api/auth/me'),
    { method: 'GET', path: '/api/ai/health' },
    { method: 'GET', path: '/api/ai/recommendations/demo_user' },
    own('GET', `/api/ai/recommendations/${reader.userId}`),
    own('GET', `/api/ai/portfolio-history/${reader.userId}`),
    { method: 'GET', path: '/api/ai/enhanced-prices/real-time' },
    { method: 'GET', path: '/api/ai/prices/real-time' },
    { method: 'GET', path: '/api/ai/rationality-score/AAPL' },
    { method: 'GET', path: '/api/ai/nugget-analysis/AAPL' },
    { method: 'GET', path: '/api/ai/price-history/AAPL?days=90' },
    { method: 'GET', path: '/api/ai/alerts' },
    own('POST', '/api/ai/analyze/stock', { symbol: 'AAPL' }),
    { method: 'GET', path: '/api/ai/market-catalysts' },
    { method: 'GET', path: '/api/ai/contextual-recommendations' },
    { method: 'GET', path: '/api/ai/live-market-alerts' },
    { method: 'GET', path: '/api/subscription/tiers' },
    own('GET', '/api/subscription/my-subscription'),
    own('GET', '/api/subscription/check-feature/ai_recommendations'),
    own('POST', '/api/subscription/use-feature/ai_recommendations'),
    own('GET', '/api/subscription/usage-stats'),
    own('GET', '/api/subscription/invoices'),
    { method: 'GET', path: '/api/portfolio/search?q=app' },
    own('GET', '/api/portfolio'),
    own('GET', '/api/portfolio/analysis'),
    own('GET', '/api/alerts'),
    asAdmin('/api/admin/dashboard'),
    asAdmin('/api/admin/recommendations/pending'),
    asAdmin('/api/admin/price-monitoring'),
    asAdmin('/api/admin/health'),
    asAdmin('/api/admin/costs'),
    asAdmin('/api/admin/content/social-studio'),
  ];
}

export async function exerciseRoutes(baseUrl: string, specs: readonly InvocationSpec[], rounds: number) {
  const statuses: Record<string, Record<string, number>> = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const spec of specs) {
      const response = await callApi(baseUrl, spec.method, spec.path, {
        ...(spec.token ? { token: spec.token } : {}),
        ...(spec.body === undefined ? {} : { body: spec.body }),
      });
      const key = `${spec.method} ${spec.path}`;
      statuses[key] ??= {};
      statuses[key][String(response.status)] = (statuses[key][String(response.status)] ?? 0) + 1;
    }
  }
  return statuses;
}

/** Environment of a Lambda of the local stage, for the per-area processes (section 1 and 6). */
export function lambdaEnvironment(): Record<string, string> {
  const names = Object.keys(process.env).filter((name) =>
    /^(TABLE_|DYNAMODB_ENDPOINT|COGNITO_ENDPOINT|USER_POOL|AUTH_CLIENT_ID|JWT_ISSUER|JWKS_URL|DEMO_USER_ID|AWS_REGION|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|ALLOWED_ORIGINS|POWERTOOLS_)/.test(
      name,
    ),
  );
  return {
    ...Object.fromEntries(names.map((name) => [name, process.env[name] ?? ''])),
    STAGE: 'local',
    DATA_MODE: 'replay',
    VALIDATE_RESPONSES: 'false',
    COST_RECORDS: 'off',
    COST_SOURCE: 'records',
    LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_DISABLED: 'true',
    NODE_OPTIONS: '--enable-source-maps',
  };
}

/** The service area of an API path (`/api/alerts` belongs to portfolio, `/api/` and `/api/health` to public). */
export function areaOfPath(path: string): string {
  const segment = new URL(path, 'http://x').pathname.split('/')[2] ?? '';
  if (segment === '' || segment === 'health') return 'public';
  if (segment === 'alerts') return 'portfolio';
  return segment;
}
