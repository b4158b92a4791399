import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ROUTES, type RouteDefinition } from '@app/shared/api';
import type { ApiResponse } from '../src/api';
import { AUTHORISATION_MATRIX, expectedStatuses, type MatrixContext } from './authorisation-matrix';
import {
  callRoute,
  createCallerSet,
  createInvestor,
  randomUlid,
  snapshotOf,
  throwawayInvestor,
  type CallerName,
  type CallerSet,
  type Investor,
  type RouteCall,
} from './fixtures';
import { createSuiteReport } from './security-report';

const report = createSuiteReport('Authorisation matrix and object-level access', 1);
afterAll(() => report.save());

/** `second` acts before `free`: when it tries to delete the FREE investor's holding, that holding exists. */
const CALLER_ORDER: CallerName[] = ['anonymous', 'demo', 'second', 'free', 'premium', 'pro', 'admin'];

describe('authorisation matrix', () => {
  let callers: CallerSet;

  beforeAll(async () => {
    callers = await createCallerSet();
  }, 120_000);

  it('declares every contract route, and only contract routes', () => {
    const contractIds = ROUTES.map((route) => route.id).sort();
    const declared = Object.keys(AUTHORISATION_MATRIX).sort();

    expect(contractIds.filter((id) => !declared.includes(id))).toEqual([]);
    expect(declared.filter((id) => !contractIds.includes(id))).toEqual([]);
  });

  it('answers every route for every caller exactly as the table says', async () => {
    const contextOf = (caller: CallerName): MatrixContext => {
      const signedIn = caller === 'anonymous' || caller === 'demo' ? undefined : callers[caller];
      return {
        caller,
        ...(signedIn ? { token: signedIn.token, self: signedIn } : {}),
        target: caller === 'second' || !signedIn ? callers.free : signedIn,
        unknownId: randomUlid(),
        loginAs: callers.free,
      };
    };
    const ordered = [...ROUTES].sort(
      (a, b) =>
        Number(AUTHORISATION_MATRIX[a.id]?.last ?? false) - Number(AUTHORISATION_MATRIX[b.id]?.last ?? false),
    );
    const mismatches: string[] = [];

    for (const route of ordered) {
      const entry = AUTHORISATION_MATRIX[route.id];
      if (!entry) continue; // reported by the test above
      for (const caller of CALLER_ORDER) {
        const shared = contextOf(caller);
        // Sign out everywhere and account deletion act on a fresh throwaway account of their own.
        const throwaway = entry.throwaway && shared.token ? await throwawayInvestor() : null;
        const context = throwaway ? { ...shared, token: throwaway.token, self: throwaway } : shared;
        const response = await callRoute(route, { ...entry.request(context), token: context.token });
        const expected = expectedStatuses(entry.expect[caller]);
        report.inspect(route, caller, response, context.self ? [context.self.email] : []);
        if (!expected.includes(response.status))
          mismatches.push(
            `${route.id} as ${caller}: expected ${expected.join('|')}, got ${response.status} ${response.text.slice(0, 160)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    expect(report.result.serverErrors).toEqual([]);
    expect(report.result.leaks).toEqual([]);
    expect(report.result.problems).toEqual([]);
  }, 180_000);
});

/**
 * Object-level access: investor A tries every route that takes an id (path, query or body) with ids
 * drawn from B's real ids, random well-formed ids and A's own ids sent with B's token. Nothing of B's
 * may be read, changed or deleted; B's stored state is compared before and after.
 */
describe('object-level access between two investors', () => {
  let a: Investor;
  let b: Investor;
  let bInvoices: string[];

  beforeAll(async () => {
    [a, b] = await Promise.all([createInvestor('FREE', 2, 'Alice'), createInvestor('PREMIUM', 3, 'Bob')]);
    await callRoute(contract.subscription.useFeature, {
      token: b.token,
      params: { feature: 'ai_recommendations' },
    });
    await callRoute(contract.subscription.useFeature, {
      token: b.token,
      params: { feature: 'market_alerts' },
    });
    // Each one's own analysis of AAPL counts their recommendations quota once today; their later
    // analyses of AAPL in the attacks below (as the caller) count nothing more, so no snapshot moves.
    await Promise.all(
      [a, b].map((user) =>
        callRoute(contract.ai.analyzeStock, { token: user.token, body: { symbol: 'AAPL' } }),
      ),
    );
    const invoices = await callRoute(contract.subscription.invoices, { token: b.token });
    bInvoices = ((invoices.body as { invoices: { number: string }[] }).invoices ?? []).map(
      (invoice) => invoice.number,
    );
  }, 120_000);

  type Attack = {
    name: string;
    route: RouteDefinition;
    call: (victim: Investor, id: string, attacker: Investor) => RouteCall;
    /** Statuses allowed for the attack (a 2xx only where the route acts on the caller's own data). */
    allowed: readonly number[];
  };

  const holdingLikeAttacks: Attack[] = [
    {
      name: 'edit holding',
      route: contract.portfolio.edit,
      call: (_victim, id) => ({ params: { holdingId: id }, body: { shares: 999_999 } }),
      allowed: [404],
    },
    {
      name: 'remove holding',
      route: contract.portfolio.remove,
      call: (_victim, id) => ({ params: { holdingId: id } }),
      allowed: [404],
    },
    {
      name: 'dismiss alert',
      route: contract.portfolio.dismissAlert,
      call: (_victim, id) => ({ params: { id } }),
      allowed: [404],
    },
    {
      name: 'mark alert read',
      route: contract.portfolio.markAlertRead,
      call: (_victim, id) => ({ params: { id } }),
      allowed: [404],
    },
  ];
  const userIdAttacks: Attack[] = [
    {
      name: 'read recommendations',
      route: contract.ai.recommendations,
      call: (_victim, id) => ({ params: { user: id } }),
      allowed: [403],
    },
    {
      name: 'read portfolio history',
      route: contract.ai.portfolioHistory,
      call: (_victim, id) => ({ params: { user: id }, query: { limit: '30' } }),
      allowed: [403],
    },
  ];
  /** Ids in query strings and bodies: refused (strict schemas) or ignored (the caller's own data). */
  const sideChannelAttacks: Attack[] = [
    {
      name: 'portfolio ?user_id',
      route: contract.portfolio.list,
      call: (victim) => ({ query: { user_id: victim.userId } }),
      allowed: [200],
    },
    {
      name: 'usage ?user_id',
      route: contract.subscription.usageStats,
      call: (victim) => ({ query: { user_id: victim.userId } }),
      allowed: [200],
    },
    {
      name: 'invoices ?userId',
      route: contract.subscription.invoices,
      call: (victim) => ({ query: { userId: victim.userId } }),
      allowed: [200],
    },
    {
      name: 'subscription ?user',
      route: contract.subscription.mySubscription,
      call: (victim) => ({ query: { user: victim.userId } }),
      allowed: [200],
    },
    {
      name: 'recommendations ?user_id',
      route: contract.ai.recommendations,
      call: (victim, _id, attacker) => ({
        params: { user: attacker.userId },
        query: { user_id: victim.userId },
      }),
      allowed: [400],
    },
    {
      name: 'analyze stock with user_id',
      route: contract.ai.analyzeStock,
      call: (victim) => ({ body: { symbol: 'AAPL', user_id: victim.userId } }),
      allowed: [200],
    },
    {
      name: 'analyze portfolio with user_id',
      route: contract.ai.analyzePortfolio,
      call: (victim) => ({ body: { user_id: victim.userId, holdings: [{ symbol: 'AAPL', shares: 1 }] } }),
      // 403: the caller's own plan (FREE) lacks advanced_analytics, whoever the body names.
      allowed: [200, 403],
    },
    {
      name: 'add holding with user_id',
      route: contract.portfolio.add,
      call: (victim) => ({
        body: { symbol: 'AAPL', shares: 1, asset_type: 'stock', user_id: victim.userId },
      }),
      allowed: [400],
    },
    {
      name: 'edit own holding with user_id',
      route: contract.portfolio.edit,
      call: (victim, _id, attacker) => ({
        params: { holdingId: attacker.holdingIds[0] as string },
        body: { shares: 1, user_id: victim.userId },
      }),
      allowed: [400],
    },
    {
      name: 'profile with user_id',
      route: contract.auth.updateMe,
      call: (victim) => ({ body: { first_name: 'Mallory', user_id: victim.userId } }),
      allowed: [400],
    },
    {
      name: 'use feature ?user_id',
      route: contract.subscription.useFeature,
      call: (victim) => ({ params: { feature: 'advanced_analytics' }, query: { user_id: victim.userId } }),
      allowed: [200, 403],
    },
  ];

  it('never lets A read, change or delete B’s data (and B never A’s), whatever id is tried', async () => {
    const [bBefore, aBefore] = await Promise.all([snapshotOf(b), snapshotOf(a)]);
    const violations: string[] = [];
    let runs = 0;

    const ulidArbitrary = fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    const scenario = fc.record({
      direction: fc.constantFrom('a-attacks-b', 'b-attacks-a'),
      holdingAttack: fc.constantFrom(...holdingLikeAttacks),
      userAttack: fc.constantFrom(...userIdAttacks),
      sideAttack: fc.constantFrom(...sideChannelAttacks),
      idSource: fc.constantFrom('victim-real', 'random', 'attacker-own-in-victim-context'),
      randomId: ulidArbitrary,
      pick: fc.nat(),
    });

    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        runs += 1;
        const [attacker, victim] = s.direction === 'a-attacks-b' ? [a, b] : [b, a];
        // Invoice numbers name no route's object (they count per account): secrets only, never ids to try.
        const victimIds = [...victim.holdingIds, ...victim.alertIds];
        // "Attacker's ids in the victim's context": the victim's token never opens the attacker's objects either.
        const [caller, owner] =
          s.idSource === 'attacker-own-in-victim-context' ? [victim, attacker] : [attacker, victim];
        const ownerIds = owner === victim ? victimIds : [...owner.holdingIds, ...owner.alertIds];
        const objectId =
          s.idSource === 'random' ? s.randomId : (ownerIds[s.pick % ownerIds.length] ?? s.randomId);
        const userId = s.idSource === 'random' ? s.randomId.toLowerCase() : owner.userId;

        const attempts: [Attack, RouteCall][] = [
          [s.holdingAttack, s.holdingAttack.call(owner, objectId, caller)],
          [s.userAttack, s.userAttack.call(owner, userId, caller)],
          [s.sideAttack, s.sideAttack.call(owner, objectId, caller)],
        ];
        for (const [attack, call] of attempts) {
          const response: ApiResponse = await callRoute(attack.route, { ...call, token: caller.token });
          report.inspect(attack.route, caller === a ? 'free' : 'premium', response, [caller.email]);
          const ownerSecrets = [owner.email, ...owner.holdingIds, ...(owner === b ? bInvoices : [])];
          if (!attack.allowed.includes(response.status))
            violations.push(
              `${attack.name} (${s.idSource}) gave ${response.status}: ${response.text.slice(0, 120)}`,
            );
          // An id the caller sent may be echoed in a 404 message; anything else of the owner's may not appear.
          const sent = JSON.stringify(call);
          const leaked = ownerSecrets.filter(
            (secret) => !sent.includes(secret) && response.text.includes(secret),
          );
          if (leaked.length > 0)
            violations.push(`${attack.name} (${s.idSource}) showed the owner's ${leaked.join(', ')}`);
        }
        return true;
      }),
      { numRuns: 70, seed: Number(process.env.SECURITY_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
    const [bAfter, aAfter] = await Promise.all([snapshotOf(b), snapshotOf(a)]);
    report.figure(`object-level: ${runs} fast-check runs, ${runs * 3} attacks, 0 allowed`);

    expect(violations).toEqual([]);
    expect(bAfter).toEqual(bBefore);
    // A's own plan, holdings and profile did not move either (use-feature may count A's own quota).
    expect({ ...aAfter, usage: null }).toEqual({ ...aBefore, usage: null });
    expect(report.result.serverErrors).toEqual([]);
    expect(report.result.leaks).toEqual([]);
  }, 240_000);
});
