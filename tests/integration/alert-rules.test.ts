import { describe, expect, it } from 'vitest';
import { buildPath, contract } from '@app/shared/api';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { billingAction, subscribe } from '../src/billing';

/**
 * Custom alert rules on the local stack (custom_alerts, Platinum): create, edit, list and delete over
 * HTTP; refused below Platinum; paused, not deleted, when the plan ends. How the price poll evaluates
 * them: functions/src/user-alerts/*.test.ts.
 */

interface RuleBody {
  id: string;
  symbol: string;
  kind: string;
  level: number | null;
  percent: number | null;
  status: 'active' | 'paused';
}

const routes = contract.portfolio;
const listRules = async (user: SignedInUser) =>
  (await api<{ rules: RuleBody[] }>('GET', routes.alertRules.path, { token: user.token })).body.rules;
const createRule = (user: SignedInUser, body: object) =>
  api<RuleBody & { detail?: { required_tier: string } }>(
    routes.createAlertRule.method,
    routes.createAlertRule.path,
    {
      token: user.token,
      body,
    },
  );

describe('custom alert rules', () => {
  it('a Platinum investor creates, edits and deletes a rule', async () => {
    const user = await signUpInvestor('Rule');
    await subscribe(user, 'PRO');

    const created = await createRule(user, { kind: 'price_above', symbol: 'AAPL', level: 500 });
    const edited = await api<RuleBody>(
      routes.updateAlertRule.method,
      buildPath(routes.updateAlertRule.path, { ruleId: created.body.id }),
      { token: user.token, body: { kind: 'daily_move', symbol: 'AAPL', percent: 5 } },
    );
    const listed = await listRules(user);
    const removed = await api(
      routes.deleteAlertRule.method,
      buildPath(routes.deleteAlertRule.path, { ruleId: created.body.id }),
      { token: user.token },
    );

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ symbol: 'AAPL', kind: 'price_above', level: 500, status: 'active' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, kind: 'daily_move', level: null, percent: 5 });
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, kind: 'daily_move' })]);
    expect(removed.status).toBe(200);
    expect(await listRules(user)).toEqual([]);
  });

  it('editing a rule nobody owns is a 404, and a Premium investor is refused with the tier named', async () => {
    const [pro, premium] = await Promise.all([signUpInvestor('Pro'), signUpInvestor('Prem')]);
    await Promise.all([subscribe(pro, 'PRO'), subscribe(premium, 'PREMIUM')]);

    const unknown = await api(
      routes.updateAlertRule.method,
      buildPath(routes.updateAlertRule.path, { ruleId: '01JAAAAAAAAAAAAAAAAAAAAAAA' }),
      { token: pro.token, body: { kind: 'grade_change', symbol: 'AAPL' } },
    );
    const refused = await createRule(premium, { kind: 'grade_change', symbol: 'AAPL' });

    expect(unknown.status).toBe(404);
    expect(refused.status).toBe(403);
    expect(refused.body.detail?.required_tier).toBe('PRO');
    expect(await listRules(premium)).toEqual([]);
  });

  it('a refunded Platinum plan pauses its rules; they are kept', async () => {
    const user = await signUpInvestor('Paws');
    await subscribe(user, 'PRO');
    await createRule(user, { kind: 'high_impact_catalyst', symbol: 'AAPL' });

    const refund = await billingAction(user, 'requestRefund');

    expect(refund.body.outcome).toBe('refunded');
    expect(await listRules(user)).toEqual([
      expect.objectContaining({ kind: 'high_impact_catalyst', status: 'paused' }),
    ]);
  });
});
