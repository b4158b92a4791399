import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { AlertRulesCard } from './alert-rules-card';

const RULE = {
  id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  symbol: 'AAPL',
  kind: 'price_above',
  level: 500,
  percent: null,
  status: 'active',
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  last_triggered_at: null,
  baseline_grade: null,
};

describe('AlertRulesCard', () => {
  it('creates a rule on the symbol it was opened for, refuses a missing level, edits and deletes', async () => {
    let rules: object[] = [];
    const requests = installFakeApi((request) => {
      if (request.path === '/api/alerts/rules' && request.method === 'GET')
        return { body: { rules, limit: 50, used: rules.length, paused: false } };
      if (request.method === 'POST') {
        rules = [RULE];
        return { status: 201, body: RULE };
      }
      if (request.method === 'PUT') return { body: { ...RULE, kind: 'daily_move', level: null, percent: 5 } };
      if (request.method === 'DELETE') {
        rules = [];
        return { body: { id: RULE.id, deleted: true } };
      }
      return undefined;
    });
    await renderWithProviders(withQueryClient(<AlertRulesCard initialSymbol="AAPL" />));

    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a positive number.');
    fireEvent.change(screen.getByLabelText('Price level (USD)'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect((await screen.findByTestId('alert-rule')).textContent).toContain('AAPL');

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Rule'), { target: { value: 'daily_move' } });
    fireEvent.change(screen.getByLabelText('Move (%)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Add rule' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('No rules yet.');

    const writes = requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/api/alerts/rules', { kind: 'price_above', symbol: 'AAPL', level: 500 }],
      ['PUT', `/api/alerts/rules/${RULE.id}`, { kind: 'daily_move', symbol: 'AAPL', percent: 5 }],
      ['DELETE', `/api/alerts/rules/${RULE.id}`, undefined],
    ]);
  });
});
