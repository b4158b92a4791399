import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@app/web/kit/test/fake-api';
import { renderWithProviders } from '@app/web/kit/test/render';
import { CostsTab } from './costs-tab';

const COSTS = {
  rows: [
    {
      day: '2026-11-27',
      route: 'GET /api/portfolio',
      requests: 1200,
      p50_ms: 1234,
      p95_ms: 2500,
      average_cost_usd: 0.000012,
      total_cost_usd: 0.0144,
      cost_per_1000_usd: 0.012,
      bedrock_input_tokens: 0,
      bedrock_output_tokens: 0,
      model_input_tokens: 0,
      model_output_tokens: 0,
    },
    {
      day: '2026-11-27',
      route: 'POST /api/ai/analyst',
      requests: 3,
      p50_ms: 900,
      p95_ms: 1100,
      average_cost_usd: 0.00002,
      total_cost_usd: 0.00006,
      cost_per_1000_usd: 0.02,
      bedrock_input_tokens: 0,
      bedrock_output_tokens: 0,
      model_input_tokens: 12345,
      model_output_tokens: 678,
    },
  ],
  price_table: { region: 'us-east-1', as_of: '2026-03-05', source: 'AWS price list' },
  from: '2026-11-21',
  to: '2026-11-27',
};

describe('costs tab: units and the price table in the reader language', () => {
  it('reads in French: latency with the French grouping, the price table dated in French, every cost counted', async () => {
    installFakeApi((request) => (request.path.startsWith('/api/admin/costs') ? { body: COSTS } : undefined));
    await renderWithProviders(withQueryClient(<CostsTab />), { language: 'fr' });

    // fr-FR groups thousands with a (narrow) no-break space, which the matcher reads as a space.
    await waitFor(() => expect(screen.getByText('1 234 ms')).toBeTruthy());
    const note = document.body.textContent ?? '';
    expect(note).toContain('Prix pour us-east-1 au 5 mars 2026, selon AWS price list.');
    // What the cost model prices (functions/src/platform/cost-model.ts): Cognito calls and Bedrock tokens too.
    expect(note).toContain('Cognito');
    expect(note).toContain('Bedrock');
  });

  it("shows each route's model tokens of each kind, in / out, in the reader's number format", async () => {
    installFakeApi((request) => (request.path.startsWith('/api/admin/costs') ? { body: COSTS } : undefined));
    await renderWithProviders(withQueryClient(<CostsTab />), { language: 'en' });

    await waitFor(() => expect(screen.getByText('12,345 / 678')).toBeTruthy());
    expect(screen.getByText('Other model tokens (in / out)')).toBeTruthy();
    expect(screen.getByText('Bedrock tokens (in / out)')).toBeTruthy();
    const analystRow = screen.getByText('POST /api/ai/analyst').closest('tr');
    const cells = [...(analystRow?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(cells.slice(-2)).toEqual(['0 / 0', '12,345 / 678']);
  });

  it('says tokens are not counted where the source has none (CloudWatch), in Spanish', async () => {
    const cloud = {
      ...COSTS,
      rows: COSTS.rows.map((row) => ({
        ...row,
        bedrock_input_tokens: null,
        bedrock_output_tokens: null,
        model_input_tokens: null,
        model_output_tokens: null,
      })),
    };
    installFakeApi((request) => (request.path.startsWith('/api/admin/costs') ? { body: cloud } : undefined));
    await renderWithProviders(withQueryClient(<CostsTab />), { language: 'es' });

    await waitFor(() => expect(screen.getAllByText('no contados')).toHaveLength(4));
    expect(screen.getByText('Tokens de otro modelo (entrada / salida)')).toBeTruthy();
  });
});
