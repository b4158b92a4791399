import { describe, expect, it, vi } from 'vitest';
import type { PortfolioFactSheet } from '@app/shared/domain/entities/fact-sheet';
import type { ModelAnswer, ModelWriter } from '../analyst-model/model-writer-contract';
import type { EntitlementsDeps } from '../entitlements/entitlements';
import type { LedgerStoreDeps } from './ledger-store';
import { askPortfolioAnalyst } from './portfolio-analyst-service';

/*
 * The portfolio analyst takes the model path of the symbol route (analyst-model/checked-answer.ts):
 * a model answer the guard passes is used; one with an invented number gives the template's answer.
 */

const DAY = '2017-01-03';
const SHEET: PortfolioFactSheet = {
  market_date: DAY,
  base_currency: 'USD',
  facts: [{ id: 'portfolio.asset_count', value: 3, unit: 'count', as_of: DAY, source: 'valuation' }],
};

vi.mock('../entitlements/entitlements', () => ({
  consumeQuota: async () => ({ used: 1, limit: 5, remaining: 4 }),
}));
vi.mock('./portfolio-fact-sheet', () => ({ getPortfolioFactSheet: async () => SHEET }));

const USAGE = { input_tokens: 100, output_tokens: 20 };
const ledger = { now: () => new Date(`${DAY}T12:00:00Z`) } as LedgerStoreDeps & { now: () => Date };

function analystWith(answer: Omit<ModelAnswer, 'usage'>) {
  const write: ModelWriter['write'] = async () => ({ ...answer, usage: USAGE });
  return { entitlements: {} as EntitlementsDeps, modelWriter: { write }, timeoutMs: 1_000 };
}

describe('askPortfolioAnalyst', () => {
  it("uses the model's answer when the guard passes it", async () => {
    const text = 'Your portfolio holds 3 assets.';
    const analyst = analystWith({ text, cited_ids: ['portfolio.asset_count'] });

    const answer = await askPortfolioAnalyst('How many assets do I hold?', 'user-1', 'en', ledger, analyst);

    expect(answer.generated_by).toBe('model');
    expect(answer.text).toBe(text);
    expect(answer.quota).toEqual({ used: 1, limit: 5, remaining: 4 });
  });

  it('answers with the template when the model invents a number', async () => {
    const invented = 'Your portfolio holds 7 assets.';
    const analyst = analystWith({ text: invented, cited_ids: ['portfolio.asset_count'] });

    const answer = await askPortfolioAnalyst('How many assets do I hold?', 'user-1', 'en', ledger, analyst);

    expect(answer.generated_by).toBe('template');
    expect(answer.text).not.toContain('7');
  });
});
