import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { TIER_CATALOGUE } from '@app/shared/domain/catalogue/tiers';
import { FEATURES, TIERS } from '@app/shared/domain/enums';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { keys } from '@app/functions/data/keys';
import { buildHoldingsIncrementItem, createUsageRepository } from '@app/functions/data/usage-repository';
import { createUsersRepository } from '@app/functions/data/users-repository';
import { runUsageReset } from '@app/functions/jobs/usage-reset';
import { QuotaExceededError } from '@app/functions/platform/errors';
import { consumeQuota, resolveEntitlements } from '@app/functions/entitlements/entitlements';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { subscribe } from '../src/billing';

/**
 * The subscription area on the local stack: every route for the demo visitor and each tier, quotas
 * under concurrency, the midnight-UTC reset with an injected clock and unknown names. Buying, changing
 * and refunding plans: billing.test.ts.
 */

interface ErrorBody {
  error: string;
  code: string;
  message_code: string;
  params: Record<string, unknown>;
  issues?: { path: string; message: string; message_code: string; params: Record<string, unknown> }[];
  detail?: { upgrade_message: string; required_tier: string | null; user_tier: string };
}

const BASE = '/api/subscription';

function localTables() {
  const { dynamoEndpoint } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  return {
    client,
    users: createUsersRepository(client, 'nugget-local-users'),
    usage: createUsageRepository(client, 'nugget-local-usage'),
    usageTable: 'nugget-local-usage',
    holdingsTable: 'nugget-local-holdings',
  };
}

const useFeature = (user: SignedInUser, feature: string) =>
  api<Record<string, unknown> & ErrorBody>('POST', `${BASE}/use-feature/${feature}`, { token: user.token });

const invoicesOf = (user: SignedInUser) =>
  api<{ invoices: unknown[]; credit_notes: unknown[]; next_billing: unknown }>('GET', `${BASE}/invoices`, {
    token: user.token,
  });

describe('tiers', () => {
  it('lists the catalogue keyed FREE, PREMIUM, PRO to anyone', async () => {
    const response = await api<{ tiers: Record<string, Record<string, unknown>> }>('GET', `${BASE}/tiers`);

    expect(response.status).toBe(200);
    expect(Object.keys(response.body.tiers)).toEqual([...TIERS]);
    for (const tier of TIERS) {
      const definition = TIER_CATALOGUE[tier];
      expect(response.body.tiers[tier]).toEqual({
        ...definition,
        description: definition.description.en,
        description_localized: definition.description,
      });
    }
    expect(response.body.tiers.PRO).toMatchObject({ display_name: 'Platinum', price: 199 });
    expect(response.body.tiers.PREMIUM?.features).toMatchObject({
      portfolio_assets: 25,
      ai_recommendations: 10,
      price_updates: 'real_time',
      advanced_recommendations: true,
    });
  });
});

describe('demo visitor (no token)', () => {
  it('gets the read-only Premium demo view of my-subscription, check-feature and usage-stats', async () => {
    const subscription = await api<Record<string, unknown>>('GET', `${BASE}/my-subscription`);
    const analytics = await api<Record<string, unknown>>('GET', `${BASE}/check-feature/advanced_analytics`);
    const customAlerts = await api<Record<string, unknown>>('GET', `${BASE}/check-feature/custom_alerts`);
    const stats = await api<Record<string, unknown>>('GET', `${BASE}/usage-stats`);

    // The demo is one tier everywhere: Premium (25 assets, 10 recommendations a day). Its assets used are
    // the demo portfolio's positions (at least the four it is seeded with; other suites may add more:
    // one-valuation.test.ts checks the count equals the portfolio shown); no recommendation used.
    expect(subscription.status).toBe(200);
    expect(subscription.body).toMatchObject({
      demo: true,
      subscription: {
        tier: 'PREMIUM',
        status: 'demo',
        expires_at: null,
        limits: { portfolio_assets: { limit: 25 }, ai_recommendations: { limit: 10, used: 0 } },
      },
      tier_info: { tier: 'PREMIUM', display_name: 'Premium', price: 79 },
    });
    const limits = (subscription.body.subscription as { limits: { portfolio_assets: { used: number } } })
      .limits;
    expect(limits.portfolio_assets.used).toBeGreaterThanOrEqual(4);
    expect(analytics.body).toMatchObject({ demo: true, user_tier: 'PREMIUM', access: { allowed: true } });
    expect(customAlerts.body).toMatchObject({
      demo: true,
      user_tier: 'PREMIUM',
      access: { allowed: false, required_tier: 'PRO' },
    });
    expect(stats.body).toMatchObject({
      demo: true,
      usage: { daily_recommendations: { used: 0, limit: 10, percentage: 0 } },
    });
  });

  it('is refused anything that would store data: use-feature, choosing a plan, invoices', async () => {
    const use = await api('POST', `${BASE}/use-feature/ai_recommendations`);
    const up = await api('POST', `${BASE}/billing/plan`, { body: { tier: 'PREMIUM', cycle: 'monthly' } });
    const invoices = await api('GET', `${BASE}/invoices`);

    expect([use.status, up.status, invoices.status]).toEqual([401, 401, 401]);
  });
});

describe('a FREE investor', () => {
  it('sees the FREE plan with nothing used and no billing', async () => {
    const investor = await signUpInvestor('Freya');

    const subscription = await api<Record<string, unknown>>('GET', `${BASE}/my-subscription`, {
      token: investor.token,
    });
    const invoices = await invoicesOf(investor);

    expect(subscription.body).toMatchObject({
      demo: false,
      subscription: {
        tier: 'FREE',
        status: 'active',
        started_at: null,
        expires_at: null,
        limits: {
          portfolio_assets: { limit: 5, used: 0 },
          ai_recommendations: { limit: 3, used: 0 },
          market_alerts: { limit: 5, used: 0 },
        },
      },
    });
    expect(invoices.body).toEqual({ invoices: [], credit_notes: [], next_billing: null });
  });

  it('uses 3 AI recommendations a day, then gets a 403 naming Premium', async () => {
    const investor = await signUpInvestor('Quinn');

    const uses = [];
    for (let call = 0; call < 3; call += 1) uses.push(await useFeature(investor, 'ai_recommendations'));
    const refused = await useFeature(investor, 'ai_recommendations');
    const check = await api<{ access: Record<string, unknown> }>(
      'GET',
      `${BASE}/check-feature/ai_recommendations`,
      {
        token: investor.token,
      },
    );
    const stats = await api<{ usage: Record<string, unknown>; usage_date: string; resets_at: string }>(
      'GET',
      `${BASE}/usage-stats`,
      { token: investor.token },
    );

    expect(uses.map((use) => [use.status, use.body.used, use.body.remaining])).toEqual([
      [200, 1, 2],
      [200, 2, 1],
      [200, 3, 0],
    ]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    expect(refused.body.detail).toMatchObject({ required_tier: 'PREMIUM', user_tier: 'FREE' });
    expect(refused.body.detail?.upgrade_message).toContain(
      'Upgrade to Premium for 10 AI recommendations a day',
    );
    expect(refused.body).toMatchObject({
      message_code: 'PLAN_UPGRADE_FOR_DAILY',
      params: { units: 'ai_recommendations', tier: 'PREMIUM', count: 10 },
    });
    expect(check.body.access).toMatchObject({
      allowed: false,
      used: 3,
      limit: 3,
      remaining: 0,
      required_tier: 'PREMIUM',
    });
    expect(stats.body.usage).toMatchObject({
      daily_recommendations: { used: 3, limit: 3, percentage: 100 },
      market_alerts: { used: 0, limit: 5, percentage: 0 },
      portfolio_assets: { used: 0, limit: 5, percentage: 0 },
    });
    expect(stats.body.usage_date).toBe(new Date().toISOString().slice(0, 10));
    expect(stats.body.resets_at).toMatch(/T00:00:00\.000Z$/);
  });

  it('is refused a PREMIUM on/off feature with the upgrade message, and portfolio_assets only checks', async () => {
    const investor = await signUpInvestor('Otto');

    const analytics = await useFeature(investor, 'advanced_analytics');
    const customAlerts = await useFeature(investor, 'custom_alerts');
    const assets = await useFeature(investor, 'portfolio_assets');
    const assetsAgain = await useFeature(investor, 'portfolio_assets');

    expect(analytics.status).toBe(403);
    expect(analytics.body.detail).toMatchObject({
      upgrade_message: 'Advanced analytics is available from the Premium plan. Upgrade to Premium to use it.',
      required_tier: 'PREMIUM',
    });
    expect(customAlerts.body.detail?.required_tier).toBe('PRO');
    // The holdings count changes only with the holdings themselves (the portfolio's transactions).
    expect(assets.body).toMatchObject({ feature: 'portfolio_assets', used: 0, limit: 5, remaining: 5 });
    expect(assetsAgain.body).toMatchObject({ used: 0, remaining: 5 });
  });

  it('counts market alerts separately from recommendations', async () => {
    const investor = await signUpInvestor('Mia');

    const alert = await useFeature(investor, 'market_alerts');
    const recommendation = await useFeature(investor, 'ai_recommendations');

    expect(alert.body).toMatchObject({ used: 1, limit: 5, remaining: 4, user_tier: 'FREE' });
    expect(recommendation.body).toMatchObject({ used: 1, limit: 3, remaining: 2 });
  });
});

describe('a plan bought through billing', () => {
  it('gives Premium its limits and features at once, and Platinum the custom alerts Premium lacks', async () => {
    const investor = await signUpInvestor('Tiago');
    await useFeature(investor, 'ai_recommendations');

    await subscribe(investor, 'PREMIUM');
    const premiumView = await api<{
      subscription: Record<string, unknown>;
      tier_info: Record<string, unknown>;
    }>('GET', `${BASE}/my-subscription`, { token: investor.token });
    const premiumAnalytics = await api<{ access: Record<string, unknown> }>(
      'GET',
      `${BASE}/check-feature/advanced_analytics`,
      { token: investor.token },
    );
    const premiumCustomAlerts = await useFeature(investor, 'custom_alerts');
    await subscribe(investor, 'PRO');
    const proCustomAlerts = await api<{ access: Record<string, unknown> }>(
      'GET',
      `${BASE}/check-feature/custom_alerts`,
      { token: investor.token },
    );

    expect(premiumView.body.subscription).toMatchObject({
      tier: 'PREMIUM',
      limits: { ai_recommendations: { limit: 10, used: 1 }, portfolio_assets: { limit: 25, used: 0 } },
    });
    expect(premiumView.body.tier_info).toMatchObject({ display_name: 'Premium', price: 79 });
    expect(premiumAnalytics.body.access).toMatchObject({ allowed: true, upgrade_message: null });
    expect(premiumCustomAlerts.status).toBe(403);
    expect(premiumCustomAlerts.body.detail?.upgrade_message).toContain('Upgrade to Platinum');
    expect(proCustomAlerts.body.access).toMatchObject({ allowed: true });
  });
});

describe('unknown names', () => {
  it('refuses an unknown feature with 400 listing the valid ones', async () => {
    const investor = await signUpInvestor('Uma');

    const check = await api<ErrorBody>('GET', `${BASE}/check-feature/crystal_ball`, {
      token: investor.token,
    });
    const use = await api<ErrorBody>('POST', `${BASE}/use-feature/crystal_ball`, { token: investor.token });

    for (const response of [check, use]) {
      expect(response.status).toBe(400);
      expect(response.body.issues?.[0]).toEqual({
        path: 'params.feature',
        message: `Feature: must be one of ${FEATURES.join(', ')}.`,
        message_code: 'FIELD_NOT_ONE_OF',
        params: { field: 'feature', allowed: FEATURES.join(', ') },
      });
    }
  });
});

describe('quotas under concurrency', () => {
  it('lets exactly 3 of 50 simultaneous use-feature calls through, 10 times in a row', async () => {
    const timings: number[] = [];
    for (let round = 1; round <= 10; round += 1) {
      const investor = await signUpInvestor(`Race${round}`);
      const started = performance.now();

      const responses = await Promise.all(
        Array.from({ length: 50 }, () => useFeature(investor, 'ai_recommendations')),
      );
      timings.push(performance.now() - started);
      const stats = await api<{ usage: { daily_recommendations: { used: number } } }>(
        'GET',
        `${BASE}/usage-stats`,
        {
          token: investor.token,
        },
      );

      const successes = responses.filter((response) => response.status === 200);
      const refusals = responses.filter((response) => response.status === 403);
      expect(successes).toHaveLength(3);
      expect(refusals).toHaveLength(47);
      expect(successes.map((response) => response.body.used).sort()).toEqual([1, 2, 3]);
      expect(stats.body.usage.daily_recommendations.used).toBe(successes.length);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `[subscription] 50 concurrent use-feature x 10 rounds: ms per round min ${sorted[0]?.toFixed(0)}, ` +
        `median ${sorted[4]?.toFixed(0)}, max ${sorted[9]?.toFixed(0)}`,
    );
  }, 180_000);

  it('keeps the holdings count equal to the holdings when adds race a limit (portfolio transaction items)', async () => {
    const investor = await signUpInvestor('Hana');
    const { client, usageTable, holdingsTable } = localTables();
    const now = new Date();

    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: holdingsTable,
                  Item: { ...keys.holding(investor.userId, randomUUID()), symbol: `TEST${index}`, shares: 1 },
                },
              },
              buildHoldingsIncrementItem(usageTable, investor.userId, 5, now),
            ],
          }),
        ),
      ),
    );
    const stats = await api<{ usage: { portfolio_assets: Record<string, number> } }>(
      'GET',
      `${BASE}/usage-stats`,
      {
        token: investor.token,
      },
    );
    const full = await useFeature(investor, 'portfolio_assets');

    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(5);
    expect(stats.body.usage.portfolio_assets).toEqual({ used: 5, limit: 5, percentage: 100 });
    expect(full.status).toBe(403);
    expect(full.body.detail?.upgrade_message).toBe(
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    );
  });
});

describe('midnight-UTC reset with an injected clock (service functions on DynamoDB Local)', () => {
  it('starts the new day at zero, leaves the old day full, and runs the reset job once per day', async () => {
    const deps = localTables();
    const userId = `clock-${randomUUID()}`;
    await deps.users.create({
      id: userId,
      email: `${userId.toLowerCase()}@example.test`,
      first_name: 'Clock',
      last_name: 'Test',
      role: 'USER',
      subscription_tier: 'FREE',
      language: 'en',
      theme: 'dark',
      created_at: '2030-01-01T00:00:00.000Z',
    });
    const beforeMidnight = new Date('2030-03-31T23:59:58.000Z');
    const midnight = new Date('2030-04-01T00:00:00.000Z');
    const afterMidnight = new Date('2030-04-01T00:00:01.000Z');

    for (let call = 0; call < 3; call += 1)
      await consumeQuota(userId, 'ai_recommendations', beforeMidnight, deps);
    const exhausted = consumeQuota(userId, 'ai_recommendations', beforeMidnight, deps);
    await expect(exhausted).rejects.toBeInstanceOf(QuotaExceededError);
    const firstRun = await runUsageReset(deps, midnight);
    const secondRun = await runUsageReset(deps, new Date('2030-04-01T00:00:40.000Z'));
    const newDayBefore = await resolveEntitlements(userId, deps, afterMidnight);
    const newDayUse = await consumeQuota(userId, 'ai_recommendations', afterMidnight, deps);
    const oldDay = await resolveEntitlements(userId, deps, new Date('2030-03-31T23:59:59.999Z'));
    const marker = await deps.client.send(
      new GetCommand({ TableName: deps.usageTable, Key: keys.jobRun('usage-reset', '2030-04-01') }),
    );
    const oldRow = await deps.client.send(
      new GetCommand({ TableName: deps.usageTable, Key: keys.usageDay(userId, '2030-03-31') }),
    );

    expect(firstRun).toEqual({ day: '2030-04-01', previousDay: '2030-03-31', opened: true });
    expect(secondRun).toEqual({ day: '2030-04-01', previousDay: '2030-03-31', opened: false });
    expect(newDayBefore).toMatchObject({ usageDate: '2030-04-01', usage: { ai_recommendations: 0 } });
    expect(newDayUse).toMatchObject({ used: 1, limit: 3, remaining: 2, usageDate: '2030-04-01' });
    expect(oldDay.usage.ai_recommendations).toBe(3);
    expect(marker.Item).toMatchObject({ job: 'usage-reset', day: '2030-04-01', previous_day: '2030-03-31' });
    expect(oldRow.Item?.expires_at).toBe(Date.parse('2030-05-05T00:00:00.000Z') / 1000);
  });

  it('treats a 0 limit as always refused and -1 as never refused', async () => {
    const { usage } = localTables();
    const userId = `limits-${randomUUID()}`;
    const now = new Date('2030-04-02T12:00:00.000Z');

    const none = await usage.consumeDaily(userId, 'market_alerts', '2030-04-02', 0, now);
    const unlimited = [];
    for (let call = 0; call < 4; call += 1) {
      unlimited.push(await usage.consumeDaily(userId, 'ai_recommendations', '2030-04-02', -1, now));
    }
    const snapshot = await usage.getSnapshot(userId, '2030-04-02');

    expect(none).toEqual({ consumed: false, used: 0 });
    expect(unlimited.map((result) => result.used)).toEqual([1, 2, 3, 4]);
    expect(snapshot.daily).toEqual({ ai_recommendations: 4, market_alerts: 0, analyst_questions: 0 });
  });
});
