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

/**
 * The subscription area on the local stack: every route for the demo visitor and each tier, quotas
 * under concurrency, the midnight-UTC reset with an injected clock, upgrade order rules, idempotent
 * upgrades and unknown names.
 */

interface ErrorBody {
  error: string;
  code: string;
  message_code: string;
  params: Record<string, unknown>;
  issues?: { path: string; message: string; message_code: string; params: Record<string, unknown> }[];
  detail?: { upgrade_message: string; required_tier: string | null; user_tier: string };
}

interface InvoiceBody {
  id: string;
  tier: string;
  amount: number;
  status: string;
  gateway: string;
  created_at: string;
  period_end: string;
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

const upgrade = (user: SignedInUser, tier: string, idempotencyKey?: string) =>
  api<Record<string, unknown> & ErrorBody>('POST', `${BASE}/upgrade/${tier}`, {
    token: user.token,
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });

const invoicesOf = (user: SignedInUser) =>
  api<{ invoices: InvoiceBody[]; next_billing_date: string | null; next_billing_amount: number | null }>(
    'GET',
    `${BASE}/invoices`,
    { token: user.token },
  );

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
  it('gets the read-only FREE view of my-subscription, check-feature and usage-stats', async () => {
    const subscription = await api<Record<string, unknown>>('GET', `${BASE}/my-subscription`);
    const check = await api<Record<string, unknown>>('GET', `${BASE}/check-feature/advanced_analytics`);
    const stats = await api<Record<string, unknown>>('GET', `${BASE}/usage-stats`);

    expect(subscription.status).toBe(200);
    expect(subscription.body).toMatchObject({
      demo: true,
      subscription: {
        tier: 'FREE',
        status: 'demo',
        expires_at: null,
        limits: { portfolio_assets: { limit: 5, used: 0 }, ai_recommendations: { limit: 3, used: 0 } },
      },
      tier_info: { tier: 'FREE', display_name: 'Free', price: 0 },
    });
    expect(check.body).toMatchObject({
      demo: true,
      user_tier: 'FREE',
      access: { allowed: false, required_tier: 'PREMIUM' },
    });
    expect(stats.body).toMatchObject({
      demo: true,
      usage: { daily_recommendations: { used: 0, limit: 3, percentage: 0 } },
    });
  });

  it('is refused anything that would store data: use-feature, upgrade, invoices', async () => {
    const use = await api('POST', `${BASE}/use-feature/ai_recommendations`);
    const up = await api('POST', `${BASE}/upgrade/PREMIUM`);
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
    expect(invoices.body).toEqual({ invoices: [], next_billing_date: null, next_billing_amount: null });
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

describe('upgrades through every tier', () => {
  it('goes FREE -> PREMIUM -> PRO, refusing downgrades and the same tier, with invoices newest first', async () => {
    const investor = await signUpInvestor('Tiago');
    await useFeature(investor, 'ai_recommendations');

    const toPremium = await upgrade(investor, 'PREMIUM');
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
    const premiumAnalyticsUse = await useFeature(investor, 'advanced_analytics');
    const sameTier = await upgrade(investor, 'PREMIUM');
    const downgrade = await upgrade(investor, 'FREE');
    const toPro = await upgrade(investor, 'pro');
    const downToPremium = await upgrade(investor, 'PREMIUM');
    const proAgain = await upgrade(investor, 'PRO');
    const proUse = await useFeature(investor, 'ai_recommendations');
    const invoices = await invoicesOf(investor);

    expect(toPremium.status).toBe(200);
    expect(toPremium.body).toMatchObject({
      tier: 'PREMIUM',
      previous_tier: 'FREE',
      invoice: { tier: 'PREMIUM', amount: 79, currency: 'USD', status: 'paid', gateway: 'sandbox' },
    });
    expect(toPremium.body.message).toMatch(/^Welcome to Premium!/);
    const expiresAt = Date.parse(String(toPremium.body.expires_at));
    expect(expiresAt - Date.now()).toBeGreaterThan(27 * 24 * 3600 * 1000);
    expect(expiresAt - Date.now()).toBeLessThan(32 * 24 * 3600 * 1000);
    expect(premiumView.body.subscription).toMatchObject({
      tier: 'PREMIUM',
      expires_at: toPremium.body.expires_at,
      limits: { ai_recommendations: { limit: 10, used: 1 }, portfolio_assets: { limit: 25, used: 0 } },
    });
    expect(premiumView.body.tier_info).toMatchObject({ display_name: 'Premium', price: 79 });
    expect(premiumAnalytics.body.access).toMatchObject({ allowed: true, upgrade_message: null });
    expect(premiumAnalyticsUse.body).toMatchObject({
      used: 0,
      limit: -1,
      remaining: null,
      user_tier: 'PREMIUM',
    });
    expect(premiumCustomAlerts.status).toBe(403);
    expect(premiumCustomAlerts.body.detail?.upgrade_message).toContain('Upgrade to Platinum');

    expect(sameTier.status).toBe(400);
    expect(sameTier.body.error).toBe('You are already on the Premium plan.');
    expect(downgrade.status).toBe(400);
    expect(downgrade.body.error).toMatch(/^Free is a lower plan than your current Premium plan/);

    expect(toPro.status).toBe(200);
    expect(toPro.body).toMatchObject({ tier: 'PRO', previous_tier: 'PREMIUM', invoice: { amount: 199 } });
    expect(downToPremium.status).toBe(400);
    expect(proAgain.status).toBe(400);
    expect(proAgain.body.error).toBe('You are already on Platinum, the highest plan.');
    expect(proUse.body).toMatchObject({ used: 2, limit: -1, remaining: null, user_tier: 'PRO' });

    expect(invoices.body.invoices.map((invoice) => [invoice.tier, invoice.amount])).toEqual([
      ['PRO', 199],
      ['PREMIUM', 79],
    ]);
    expect(invoices.body.next_billing_amount).toBe(199);
    expect(invoices.body.next_billing_date).toBe(toPro.body.expires_at);
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

  it('refuses an unknown tier with 400 listing FREE, PREMIUM, PRO and charges nothing', async () => {
    const investor = await signUpInvestor('Gil');

    const response = await upgrade(investor, 'GOLD');
    const invoices = await invoicesOf(investor);

    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]).toEqual({
      path: 'params.tier',
      message: 'Plan: must be one of FREE, PREMIUM, PRO.',
      message_code: 'FIELD_NOT_ONE_OF',
      params: { field: 'tier', allowed: 'FREE, PREMIUM, PRO' },
    });
    expect(invoices.body.invoices).toEqual([]);
  });
});

describe('idempotent upgrade', () => {
  it('answers the same Idempotency-Key twice with one invoice, and a different tier with 422', async () => {
    const investor = await signUpInvestor('Ida');
    const key = `upgrade-${randomUUID()}`;

    const first = await upgrade(investor, 'PREMIUM', key);
    const retry = await upgrade(investor, 'PREMIUM', key);
    const reused = await upgrade(investor, 'PRO', key);
    const invoices = await invoicesOf(investor);

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(invoices.body.invoices).toHaveLength(1);
  });

  it('keeps keys apart per user', async () => {
    const [first, second] = await Promise.all([signUpInvestor('Kai'), signUpInvestor('Lou')]);
    const key = `shared-${randomUUID()}`;

    const firstUpgrade = await upgrade(first, 'PREMIUM', key);
    const secondUpgrade = await upgrade(second, 'PREMIUM', key);

    expect(firstUpgrade.status).toBe(200);
    expect(secondUpgrade.status).toBe(200);
    expect((secondUpgrade.body.invoice as InvoiceBody).id).not.toBe(
      (firstUpgrade.body.invoice as InvoiceBody).id,
    );
  });

  it('refuses a malformed key before doing anything', async () => {
    const investor = await signUpInvestor('Mal');

    const response = await upgrade(investor, 'PREMIUM', 'bad key!');
    const invoices = await invoicesOf(investor);

    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('headers.idempotency-key');
    expect(invoices.body.invoices).toEqual([]);
  });

  it('charges a double click once, with or without a key', async () => {
    const [withoutKey, withKey] = await Promise.all([signUpInvestor('Dee'), signUpInvestor('Dex')]);
    const key = `click-${randomUUID()}`;

    const clicks = await Promise.all([upgrade(withoutKey, 'PREMIUM'), upgrade(withoutKey, 'PREMIUM')]);
    const keyedClicks = await Promise.all([
      upgrade(withKey, 'PREMIUM', key),
      upgrade(withKey, 'PREMIUM', key),
    ]);
    const [invoices, keyedInvoices] = await Promise.all([invoicesOf(withoutKey), invoicesOf(withKey)]);

    // The loser sees the tier changed (409) or, if it read after the winner committed, the same tier (400).
    expect(clicks.filter((click) => click.status === 200)).toHaveLength(1);
    expect(clicks.every((click) => [200, 400, 409].includes(click.status))).toBe(true);
    expect(invoices.body.invoices).toHaveLength(1);
    // With a key, the second click replays the first answer, or finds it still running (409).
    expect(keyedClicks.every((click) => [200, 409].includes(click.status))).toBe(true);
    expect(keyedInvoices.body.invoices).toHaveLength(1);
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
    expect(snapshot.daily).toEqual({ ai_recommendations: 4, market_alerts: 0 });
  });
});
