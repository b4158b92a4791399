import { describe, expect, it } from 'vitest';
import { buildPath, contract } from '@app/shared/api';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { cancelAndRunPastPeriodEnd, subscribe } from '../src/billing';

/**
 * Back on FREE after a real plan end (docs/product.md "Business rules and limits"): a Platinum
 * investor holding more than FREE's 5 assets, with a custom alert rule, cancels; the renewal job's
 * step runs with the clock past the period end (tests/src/billing.ts renewalAt, one account at a time) and
 * returns the account to FREE. Then: every holding stays visible, a new add is refused with the
 * quota's upgrade message, the rule is paused (kept), and once the holdings are back under the limit
 * an add is accepted again.
 */

const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'JPM', 'KO', 'PG', 'XOM', 'JNJ'] as const;

interface ErrorBody {
  code?: string;
  message_code?: string;
  error?: string;
  detail?: { required_tier: string | null; user_tier: string };
}

function addHolding(user: SignedInUser, symbol: string) {
  return api<{ id?: string } & ErrorBody>('POST', contract.portfolio.add.path, {
    token: user.token,
    body: { symbol, asset_type: 'stock', shares: 1 },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
}

const portfolioOf = async (user: SignedInUser) =>
  (
    await api<{ assets: { id: string; symbol: string }[] }>('GET', contract.portfolio.list.path, {
      token: user.token,
    })
  ).body.assets;

describe('holdings above the limit after a real return to FREE', () => {
  it('keeps every holding visible, refuses new adds with the quota message, pauses the rules', async () => {
    const user = await signUpInvestor('Lapsed');
    const paid = await subscribe(user, 'PRO');
    for (const symbol of SYMBOLS.slice(0, 7)) expect((await addHolding(user, symbol)).status).toBe(201);
    const rule = await api<{ id: string; status: string }>(
      contract.portfolio.createAlertRule.method,
      contract.portfolio.createAlertRule.path,
      { token: user.token, body: { kind: 'price_above', symbol: 'AAPL', level: 500 } },
    );
    expect(rule.status).toBe(201);

    expect(await cancelAndRunPastPeriodEnd(user, paid)).toBe('returned_to_free');
    // All 7 holdings stay listed, though FREE keeps 5.
    expect((await portfolioOf(user)).map((asset) => asset.symbol).sort()).toEqual(
      [...SYMBOLS.slice(0, 7)].sort(),
    );
    const refused = await addHolding(user, SYMBOLS[7]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('QUOTA_EXCEEDED');
    expect(refused.body.message_code).toBe('PLAN_UPGRADE_FOR_HOLDINGS');
    // en/messages.json PLAN_QUOTA_HOLDINGS_FULL inside PLAN_UPGRADE_FOR_HOLDINGS, FREE 5 and PREMIUM 25.
    expect(refused.body.error).toBe(
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    );
    expect(refused.body.detail).toMatchObject({ required_tier: 'PREMIUM', user_tier: 'FREE' });
    const rules = await api<{ rules: { id: string; status: string }[]; paused: boolean }>(
      'GET',
      contract.portfolio.alertRules.path,
      { token: user.token },
    );
    expect(rules.body.paused).toBe(true);
    expect(rules.body.rules).toEqual([expect.objectContaining({ id: rule.body.id, status: 'paused' })]);
    expect((await portfolioOf(user)).length).toBe(7);

    // Three removed: 4 held, under FREE's 5, so one more add is accepted and the next refused.
    const held = await portfolioOf(user);
    for (const asset of held.slice(0, 3)) {
      const removed = await api(
        contract.portfolio.remove.method,
        buildPath(contract.portfolio.remove.path, { holdingId: asset.id }),
        { token: user.token },
      );
      expect(removed.status).toBe(200);
    }
    expect((await addHolding(user, SYMBOLS[7])).status).toBe(201);
    expect((await addHolding(user, held[0]?.symbol ?? 'AAPL')).status).toBe(403);
    expect((await portfolioOf(user)).length).toBe(5);
  }, 120_000);
});
