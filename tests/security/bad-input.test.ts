import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathParamNames, ROUTES, type RouteDefinition } from '@app/shared/api';
import type { ApiResponse, SignedInUser } from '../src/api';
import {
  candidateArbitrary,
  dateFieldsOf,
  jsonSchemaOf,
  outOfRangeDates,
  sampleOf,
  type JsonSchema,
} from './arbitraries';
import {
  callRoute,
  createAdmin,
  createInvestor,
  runWithConcurrency,
  snapshotOf,
  throwawayInvestor,
  type Investor,
  type RouteCall,
} from './fixtures';
import { isThrowawayRoute } from './authorisation-matrix';
import { createSuiteReport } from './security-report';

/**
 * Bad input, fuzzed from the contract's own schemas, for every route: random valid inputs (from
 * arbitraries.ts) must be accepted; mutated, oversized, wrong-type, extra-field, prototype-pollution,
 * malformed, duplicate-parameter and out-of-range-date inputs must get a 4xx naming the field (a date
 * out of its field's bounds: a 400 naming that very field); every response keeps the
 * response rules (response-checks.ts); a batch of rejected requests leaves the caller's data as it was.
 */

const report = createSuiteReport('Bad input fuzzed from the contract', 3);
afterAll(() => report.save());

const CASES_PER_ROUTE = Number(process.env.SECURITY_CASES_PER_ROUTE ?? 200);
const VALID_SHARE = 0.35;
const CONCURRENCY = Number(process.env.SECURITY_FUZZ_CONCURRENCY ?? 4);
const SEED = Number(process.env.SECURITY_SEED ?? 20_261_122);
/**
 * The fuzz's own loopback address. Its valid contact messages use up the per-address hourly allowance
 * (and its made-up sign-ins count as failures per address); sent from 127.0.0.1 they would refuse the
 * browser journeys and the matrix's anonymous caller that write in the same clock hour.
 */
const FUZZ_ADDRESS = '127.0.0.2';

/**
 * Refusals a schema-valid request may meet, because they depend on stored state or on other fields:
 * besides each route's declared `errors`. Anything else for a valid input (above all a 400 naming a
 * field the schema accepted, or any 5xx) fails.
 */
const DOMAIN_REFUSALS: Readonly<Record<string, { status: number; paths?: RegExp; codes?: string[] }[]>> = {
  // The password policy; an address the mail server refuses (a 400 naming it); codes are limited per
  // address and hour (a fuzz may draw one address more than three times).
  'auth.register': [
    { status: 400, paths: /^body\.(password|email)$/ },
    { status: 429, codes: ['RATE_LIMITED'] },
  ],
  // A code nobody was sent is refused, naming the code.
  'auth.confirmRegistration': [{ status: 400, paths: /^body\.code$/ }],
  'auth.login': [{ status: 401 }],
  // The current password must be the caller's; once its sessions are ended, the throwaway's token is
  // refused (the route did its job); a deletion needs the caller's own password.
  'auth.changePassword': [{ status: 400, paths: /^body\.current_password$/ }],
  'auth.signOutEverywhere': [{ status: 401 }],
  'auth.deleteAccount': [{ status: 400, paths: /^body\.password$/ }],
  // A well-formed card number that is not a sandbox test card, or expired; a Stripe PaymentMethod id
  // sent to the sandbox, or neither or both of card and payment_method; no card kept yet, or a change
  // the plan rules refuse (a higher tier charged less).
  'subscription.savePaymentMethod': [
    { status: 400, paths: /^body\.(card(\.(number|cvc|exp_month))?|payment_method)$/ },
  ],
  // No Stripe webhook secret on the sandbox stack: no signature verifies (400, nothing read).
  'subscription.stripeWebhook': [{ status: 400, codes: ['BAD_REQUEST'] }],
  'subscription.choosePlan': [{ status: 400, codes: ['BAD_REQUEST'] }],
  'subscription.quotePlan': [{ status: 400, codes: ['BAD_REQUEST'] }],
  'subscription.requestRefund': [{ status: 403 }],
  // A symbol must be one the search knows, of the stated asset type, not bought in the future.
  'portfolio.addHolding': [{ status: 400, paths: /^body\.(symbol|asset_type|purchase_date)$/ }],
  'portfolio.editHolding': [{ status: 400, paths: /^body\.purchase_date$/ }],
  // A row must have prices (not after the market date), a known symbol in its trading currency, and
  // leave a ledger that adds up (no sale beyond the holding); an import whose rows do not add up.
  'portfolio.addTransaction': [{ status: 400, paths: /^body\.(date|symbol|currency|quantity)$/ }],
  'portfolio.editTransaction': [{ status: 400, paths: /^body\.(date|symbol|currency|quantity)$/ }],
  'portfolio.importTransactions': [{ status: 400, paths: /^body\.content$/ }],
  // A mapping to remember must map type and date, to columns of the header sent with it.
  'portfolio.saveImportMapping': [{ status: 400, paths: /^body\.mapping\.columns\.[a-z_]+$/ }],
  // The benchmark must be an index the universe has.
  'portfolio.getPerformance': [{ status: 400, paths: /^query\.benchmark$/ }],
  // The reports: the benchmark must be an index; a year must be one of the ledger's (none after the market date).
  'portfolio.getPeriodReturns': [{ status: 400, paths: /^query\.(benchmark|period)$/ }],
  'portfolio.getRealisedGains': [{ status: 400, paths: /^query\.year$/ }],
  'portfolio.exportRealisedGains': [{ status: 400, paths: /^query\.year$/ }],
  // A watchlist symbol must be one of the universe (the list is looked up first: a made-up id is a 404).
  'portfolio.addWatchlistSymbol': [{ status: 400, paths: /^body\.symbol$/ }],
  // Someone else's (or nobody's) list.
  'ai.getRecommendations': [{ status: 403 }],
  // advanced_analytics is PREMIUM and up; the fuzzing caller is FREE.
  'ai.analyzePortfolio': [{ status: 403 }],
  // screener_filters is PREMIUM and up: a FREE caller may filter by asset type and grade range only.
  'ai.screenUniverse': [{ status: 403 }],
  // Someone else's list, or the day's detail quota used up.
  'ai.getRecommendationDetail': [{ status: 403 }],
  'ai.getPortfolioHistory': [{ status: 403 }],
  // A cursor is opaque: one the list never issued is refused, naming the field.
  'admin.listPendingRecommendations': [{ status: 400, paths: /^query\.cursor$/ }],
  'admin.listContentForReview': [{ status: 400, paths: /^query\.cursor$/ }],
  'admin.listInbox': [{ status: 400, paths: /^query\.cursor$/ }],
  // A sender may write a few messages an hour (contact-service.ts): the fuzz's later valid ones are 429.
  'public.sendContactMessage': [{ status: 429, codes: ['RATE_LIMITED'] }],
  // Codes are limited per address and hour (mail-code-service.ts); a code nobody was sent is refused.
  'auth.requestPasswordReset': [{ status: 429, codes: ['RATE_LIMITED'] }],
  // An address the schema accepts may still be one the mail server refuses (a 400 naming it).
  'auth.requestEmailChange': [
    { status: 429, codes: ['RATE_LIMITED'] },
    { status: 400, paths: /^body\.(new_email|current_password)$/ },
  ],
  'auth.confirmPasswordReset': [{ status: 400, paths: /^body\.code$/ }],
  'auth.confirmEmailChange': [{ status: 400, paths: /^body\.code$/ }],
  // A made-up password or token is refused by name (docs/accounts.md "Sensitive changes").
  'auth.turnOffTwoFactor': [{ status: 400, paths: /^body\.current_password$/ }],
  'auth.undoEmailChange': [{ status: 400, paths: /^body\.token$/ }],
  // A token the fuzz makes up has no valid signature.
  'public.unsubscribe': [{ status: 400, paths: /^body\.token$/ }],
  'public.unsubscribeOneClick': [{ status: 400, paths: /^query\.token$/ }],
  // `from` after `to` is a cross-field rule the schema does not express.
  'admin.getCosts': [{ status: 400, paths: /^query\.(from|to)$/ }],
};

interface FuzzCase {
  kind: 'valid' | 'invalid';
  label: string;
  call: RouteCall;
  /** The field the refusal must name (`body.date`), when the case breaks one field only. */
  field?: string;
}

type Location = 'params' | 'query' | 'body';

const PATH_INJECTIONS = [
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'AAPL\u0000',
  '%00',
  '${jndi:ldap://127.0.0.1/a}',
  '\u202eLPAA',
  '😀😀😀',
  'a'.repeat(4096),
  '{{7*7}}',
  'null',
  '-1',
  ' ',
];

const schemaOf = (route: RouteDefinition, location: Location) => route[location];

function isValid(route: RouteDefinition, call: RouteCall): boolean {
  if (call.rawBody !== undefined || call.rawQuery !== undefined || call.contentType !== undefined)
    return false;
  const parts: [Location, unknown][] = [
    ['params', call.params ?? {}],
    ['query', call.query ?? {}],
  ];
  if (route.body)
    parts.push(['body', call.body === undefined ? undefined : JSON.parse(JSON.stringify(call.body))]);
  return parts.every(([location, value]) => {
    const schema = schemaOf(route, location);
    if (!schema) return location === 'body' || Object.keys(value as object).length === 0;
    return schema.safeParse(value).success;
  });
}

function asStrings(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .map(([name, entry]) => [name, typeof entry === 'string' ? entry : JSON.stringify(entry)]),
  );
}

/** A path segment the URL parser would not rewrite (no empty, '.' or '..' segments). */
const routable = (params: Record<string, string>) =>
  Object.values(params).every((value) => value !== '' && !/^(\.|%2e){1,2}$/i.test(value));

function candidatesFor(route: RouteDefinition, count: number, seed: number): RouteCall[] {
  const draw = (location: Location) => {
    const schema = schemaOf(route, location);
    return schema ? sampleOf(candidateArbitrary(schema), count, seed + location.length) : [];
  };
  const [params, query, body] = [draw('params'), draw('query'), draw('body')];
  return Array.from({ length: count }, (_, index) => ({
    ...(route.params ? { params: asStrings(params[index]) } : {}),
    ...(route.query ? { query: asStrings(query[index]) } : {}),
    ...(route.body ? { body: body[index] } : {}),
  })).filter((call) => routable(call.params ?? {}));
}

function propertiesOf(route: RouteDefinition, location: Location): Record<string, JsonSchema> {
  const schema = schemaOf(route, location);
  return schema ? (jsonSchemaOf(schema).properties ?? {}) : {};
}

function wrongTypeFor(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const all: unknown[] = ['text', 42, -1.5, true, null, [], [1, 2], { nested: 'object' }];
  if (schema.anyOf) return [true, { nested: 'object' }, [1]];
  return all.filter((value) => {
    if (type === 'string') return typeof value !== 'string';
    if (type === 'number' || type === 'integer') return typeof value !== 'number';
    if (type === 'array') return !Array.isArray(value);
    if (type === 'boolean') return typeof value !== 'boolean';
    return value !== null && typeof value !== 'object';
  });
}

/** Every way to break a valid request, generated from its schemas. */
function mutationsOf(route: RouteDefinition, base: RouteCall, index: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const add = (label: string, call: RouteCall, field?: string) =>
    cases.push({
      kind: 'invalid',
      label,
      call: call.rawBody !== undefined ? { ...call, body: undefined } : call,
      ...(field ? { field } : {}),
    });
  const body = (base.body ?? {}) as Record<string, unknown>;
  const bodyProperties = propertiesOf(route, 'body');
  const bodySchema = route.body ? jsonSchemaOf(route.body) : null;

  if (route.body) {
    for (const [name, schema] of Object.entries(bodyProperties)) {
      for (const wrong of wrongTypeFor(schema))
        add(`body.${name} wrong type`, { ...base, body: { ...body, [name]: wrong } });
      if (schema.maxLength !== undefined)
        add(`body.${name} too long`, {
          ...base,
          body: { ...body, [name]: 'x'.repeat(schema.maxLength + 1) },
        });
      if (schema.maximum !== undefined)
        add(`body.${name} above maximum`, { ...base, body: { ...body, [name]: schema.maximum * 10 + 1 } });
      if (schema.type === 'string' || schema.type === 'number')
        add(`body.${name} 100 KB string`, { ...base, body: { ...body, [name]: 'x'.repeat(100 * 1024) } });
      if (schema.type === 'array')
        add(`body.${name} 10,000 items`, {
          ...base,
          body: { ...body, [name]: Array.from({ length: 10_000 }, () => 'A') },
        });
      if (schema.type === 'number' || schema.type === 'integer')
        add(`body.${name} Infinity`, {
          ...base,
          rawBody: JSON.stringify({ ...body, [name]: 0 }).replace(/"(\w+)":0/, `"${name}":1e999`),
          contentType: 'application/json',
        });
    }
    // A date out of its bounds (year 1, year 9999, the days either side): a 400 naming that field.
    for (const [name, schema] of bodySchema ? dateFieldsOf(bodySchema) : [])
      if (name in body || bodySchema?.properties?.[name])
        for (const date of outOfRangeDates(schema))
          add(`body.${name} out-of-range date`, { ...base, body: { ...body, [name]: date } }, `body.${name}`);
    for (const name of bodySchema?.required ?? []) {
      const { [name]: _dropped, ...rest } = body;
      add(`body.${name} missing`, { ...base, body: rest });
    }
    add('body extra field', { ...base, body: { ...body, [`extra_${index}`]: 'surprise' } });
    add('body identity fields', {
      ...base,
      body: { ...body, role: 'ADMIN', subscription_tier: 'PRO', user_id: 'someone' },
    });
    const json = JSON.stringify(body);
    const withKey = (key: string, value: string) =>
      json === '{}' ? `{"${key}":${value}}` : `{"${key}":${value},${json.slice(1)}`;
    add('__proto__ key', {
      ...base,
      rawBody: withKey('__proto__', '{"isAdmin":true,"role":"ADMIN"}'),
      contentType: 'application/json',
    });
    add('constructor.prototype key', {
      ...base,
      rawBody: withKey('constructor', '{"prototype":{"isAdmin":true}}'),
      contentType: 'application/json',
    });
    add('prototype key', {
      ...base,
      rawBody: withKey('prototype', '{"polluted":true}'),
      contentType: 'application/json',
    });
    add('1 MB body', { ...base, body: { ...body, padding: 'x'.repeat(1024 * 1024) } });
    add('malformed JSON', {
      ...base,
      rawBody: json.slice(0, Math.max(1, json.length - 1)),
      contentType: 'application/json',
    });
    add('trailing garbage', { ...base, rawBody: `${json}}`, contentType: 'application/json' });
    add('text/plain', { ...base, rawBody: json, contentType: 'text/plain' });
    add('form encoded', {
      ...base,
      rawBody: 'symbol=AAPL',
      contentType: 'application/x-www-form-urlencoded',
    });
    add('JSON null', { ...base, rawBody: 'null', contentType: 'application/json' });
    add('JSON array', { ...base, rawBody: `[${json}]`, contentType: 'application/json' });
    add('JSON string', { ...base, rawBody: '"AAPL"', contentType: 'application/json' });
    add('10,000-item array body', {
      ...base,
      rawBody: JSON.stringify(Array.from({ length: 10_000 }, () => 1)),
      contentType: 'application/json',
    });
    add('2,000-deep nesting', {
      ...base,
      rawBody: `${'['.repeat(2000)}${']'.repeat(2000)}`,
      contentType: 'application/json',
    });
    if (bodySchema?.required?.length)
      add('empty body', { ...base, rawBody: '', contentType: 'application/json' });
  }

  if (route.query) {
    const query = base.query ?? {};
    const rawOf = (entries: [string, string][]) =>
      entries.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
    for (const [name, schema] of Object.entries(propertiesOf(route, 'query'))) {
      const others = Object.entries(query).filter(([other]) => other !== name);
      add(`query.${name} repeated`, {
        ...base,
        query: undefined,
        rawQuery: rawOf([...others, [name, query[name] ?? '1'], [name, '2']]),
      });
      if (schema.type === 'integer' || schema.type === 'number') {
        for (const wrong of [
          'abc',
          '-1',
          '1e9',
          '1.5',
          '',
          '0x10',
          'NaN',
          'Infinity',
          '99999999999999999999',
        ])
          add(`query.${name}=${wrong}`, { ...base, query: { ...query, [name]: wrong } });
      } else add(`query.${name} 4 KB`, { ...base, query: { ...query, [name]: 'q'.repeat(4096) } });
    }
    for (const [name, schema] of route.query ? dateFieldsOf(jsonSchemaOf(route.query)) : [])
      for (const date of outOfRangeDates(schema))
        add(
          `query.${name} out-of-range date`,
          { ...base, query: { ...query, [name]: date } },
          `query.${name}`,
        );
    add('unknown query parameter', { ...base, query: { ...query, [`unknown_${index}`]: '1' } });
    add('query __proto__', {
      ...base,
      rawQuery: rawOf([...Object.entries(query), ['__proto__', 'x']]),
      query: undefined,
    });
    add('query constructor[prototype]', {
      ...base,
      rawQuery: rawOf([...Object.entries(query), ['constructor[prototype][role]', 'ADMIN']]),
      query: undefined,
    });
  }

  for (const name of pathParamNames(route.path)) {
    for (const injection of PATH_INJECTIONS)
      add(`params.${name}=${injection.slice(0, 12)}`, {
        ...base,
        params: { ...(base.params ?? {}), [name]: injection },
      });
  }
  return cases.filter((candidate) => !isValid(route, candidate.call));
}

/** Junk a route that takes no query or body ignores, as API Gateway passes it through: same answer as without. */
function ignoredJunkOf(route: RouteDefinition, base: RouteCall, index: number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  if (!route.query) {
    cases.push({
      kind: 'valid',
      label: 'ignored query',
      call: { ...base, query: { [`junk_${index}`]: 'x' } },
    });
    cases.push({
      kind: 'valid',
      label: 'ignored repeated query',
      call: { ...base, rawQuery: 'a=1&a=2&__proto__=x' },
    });
  }
  if (!route.body && route.method !== 'GET')
    cases.push({
      kind: 'valid',
      label: 'ignored body',
      call: { ...base, body: { junk: index, role: 'ADMIN' } },
    });
  cases.push({
    kind: 'valid',
    label: 'odd headers',
    call: {
      ...base,
      headers: { accept: 'text/html', 'x-forwarded-for': '10.0.0.1', 'accept-language': 'xx' },
    },
  });
  return cases;
}

function casesFor(route: RouteDefinition, seed: number): FuzzCase[] {
  const validTarget = Math.ceil(CASES_PER_ROUTE * VALID_SHARE);
  const candidates = candidatesFor(route, CASES_PER_ROUTE, seed);
  const valid: FuzzCase[] = [];
  const invalid: FuzzCase[] = [];
  for (const call of candidates) {
    const target = isValid(route, call) ? valid : invalid;
    target.push({ kind: isValid(route, call) ? 'valid' : 'invalid', label: 'generated', call });
  }
  const bases = valid.length > 0 ? valid.map((item) => item.call) : [candidates[0] ?? {}];
  const chosen = valid.slice(0, validTarget);
  let round = 0;
  while (chosen.length + invalid.length < CASES_PER_ROUTE && round < 50) {
    const base = bases[round % bases.length] as RouteCall;
    invalid.push(...mutationsOf(route, base, round));
    chosen.push(...ignoredJunkOf(route, base, round));
    round += 1;
  }
  return [...chosen, ...invalid];
}

type Snapshot = Record<string, unknown>;

/**
 * The alerts service raises alerts on a user's holdings by itself as prices move (each one counts
 * against market_alerts): those are not effects of the requests under test, so an alert that appeared
 * between the snapshots is taken out of the later one, with the quota unit it used.
 */
function withoutNewSystemAlerts(before: Snapshot, after: Snapshot): Snapshot {
  if (!Array.isArray(before.alerts) || !Array.isArray(after.alerts)) return after;
  const known = new Set((before.alerts as [string, boolean][]).map(([id]) => id));
  const fresh = (after.alerts as [string, boolean][]).filter(
    ([id, dismissed]) => !known.has(id) && !dismissed,
  );
  if (fresh.length === 0) return after;
  const copy = JSON.parse(JSON.stringify(after)) as {
    alerts: [string, boolean][];
    usage?: { market_alerts?: { used: number; percentage?: number } };
    subscription?: { limits?: { market_alerts?: { used: number } } };
  };
  copy.alerts = copy.alerts.filter(([id]) => known.has(id));
  const beforeUsage = (before.usage as { market_alerts?: { used: number; percentage?: number } } | undefined)
    ?.market_alerts;
  // The percentage follows `used`: taken from before, it matches exactly when `used` does.
  if (copy.usage?.market_alerts && beforeUsage)
    copy.usage.market_alerts = { ...beforeUsage, used: copy.usage.market_alerts.used - fresh.length };
  const limits = copy.subscription?.limits?.market_alerts;
  if (limits) limits.used -= fresh.length;
  return copy as Snapshot;
}

function issuesOf(response: ApiResponse): { path: string; message: string }[] {
  const body = response.body as { issues?: { path: string; message: string }[] } | undefined;
  return body?.issues ?? [];
}

function judgeValid(route: RouteDefinition, response: ApiResponse): string | null {
  const success = route.successStatus ?? 200;
  if (response.status === success || (route.id === 'portfolio.addHolding' && response.status === 200))
    return null;
  if ((route.errors ?? []).includes(response.status) && response.status !== 400) return null;
  const code = (response.body as { code?: string } | undefined)?.code;
  for (const refusal of DOMAIN_REFUSALS[route.id] ?? []) {
    if (refusal.status !== response.status) continue;
    if (refusal.codes && !refusal.codes.includes(code ?? '')) continue;
    if (refusal.paths && !issuesOf(response).every((issue) => refusal.paths?.test(issue.path))) continue;
    return null;
  }
  return `valid input refused with ${response.status}`;
}

function judgeInvalid(response: ApiResponse, field?: string): string | null {
  if (response.status === 413 && (response.body as { code?: string }).code === 'PAYLOAD_TOO_LARGE')
    return null;
  if (response.status !== 400) return `invalid input answered ${response.status}`;
  const issues = issuesOf(response);
  if (issues.length === 0) return '400 without field issues';
  if (field && !issues.some((issue) => issue.path === field))
    return `400 not naming ${field}: ${issues.map((issue) => issue.path).join(', ')}`;
  const bad = issues.filter((issue) => !/^(params|query|body|headers)(\.|$)/.test(issue.path));
  return bad.length > 0 ? `issue paths not field-level: ${bad.map((issue) => issue.path).join(', ')}` : null;
}

describe('bad input fuzzed from the contract schemas', () => {
  let investor: Investor;
  let admin: SignedInUser;

  beforeAll(async () => {
    [investor, admin] = await Promise.all([createInvestor('FREE', 2, 'Fuzz'), createAdmin()]);
  }, 60_000);

  it(`sends at least ${CASES_PER_ROUTE} cases to every route: valid accepted, invalid refused by field, state unchanged`, async () => {
    const failures = new Map<string, string>();
    const perRoute: string[] = [];
    const started = performance.now();

    const only = process.env.SECURITY_ROUTES ? new RegExp(process.env.SECURITY_ROUTES) : null;
    for (const [routeIndex, route] of ROUTES.entries()) {
      if (only && !only.test(route.id)) continue;
      // A route that ends the caller's sessions or account gets a throwaway investor of its own.
      const caller = isThrowawayRoute(route.id)
        ? await throwawayInvestor()
        : route.access === 'admin'
          ? admin
          : investor;
      const token = route.access === 'public' ? undefined : caller.token;
      const cases = casesFor(route, SEED + routeIndex * 1000);
      const run = (batch: FuzzCase[]) =>
        runWithConcurrency(
          batch.map((fuzzCase) => async () => {
            const response = await callRoute(route, {
              ...fuzzCase.call,
              ...(token ? { token } : {}),
              from: FUZZ_ADDRESS,
            });
            const inspection = report.inspect(route, route.access === 'admin' ? 'admin' : 'free', response, [
              caller.email,
            ]);
            const verdict =
              fuzzCase.kind === 'valid'
                ? judgeValid(route, response)
                : judgeInvalid(response, fuzzCase.field);
            // One example per route, case kind and verdict keeps a failure report readable.
            if (verdict)
              failures.set(
                `${route.id} [${fuzzCase.label}] ${verdict}`,
                `${JSON.stringify(fuzzCase.call).slice(0, 160)} -> ${response.text.slice(0, 200)}`,
              );
            for (const problem of [...inspection.problems, ...inspection.leaks])
              failures.set(`${route.id} [${fuzzCase.label}] ${problem}`, response.text.slice(0, 200));
            return response.status;
          }),
          CONCURRENCY,
        );
      const valid = cases.filter((fuzzCase) => fuzzCase.kind === 'valid');
      const invalid = cases.filter((fuzzCase) => fuzzCase.kind === 'invalid');
      await run(valid);
      const before = await snapshotOf(caller);
      const statuses = await run(invalid);
      const after = withoutNewSystemAlerts(before, await snapshotOf(caller));
      if (JSON.stringify(after) !== JSON.stringify(before))
        failures.set(
          `${route.id}: stored data changed after ${invalid.length} rejected requests`,
          `${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
        );
      perRoute.push(
        `${route.id} ${valid.length}+${invalid.length} (${[...new Set(statuses)].sort().join(',')})`,
      );
      if (cases.length < CASES_PER_ROUTE)
        failures.set(`${route.id}: only ${cases.length} cases generated`, '');
    }
    const seconds = (performance.now() - started) / 1000;
    report.figure(
      `${report.result.cases} fuzz cases over ${ROUTES.length} routes in ${seconds.toFixed(0)} s (seed ${SEED}, concurrency ${CONCURRENCY})`,
    );
    console.log(`[security] fuzz per route (valid+invalid, statuses of invalid):\n${perRoute.join('\n')}`);

    expect(Object.fromEntries(failures)).toEqual({});
    expect(report.result.serverErrors).toEqual([]);
  }, 900_000);
});
