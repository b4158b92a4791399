import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { inject, describe, expect, it } from 'vitest';
import { createScoreHistoryRepository } from '@app/functions/data/score-history-repository';
import { keys } from '@app/functions/data/keys';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { tableName } from '@app/infra/lib/table-definitions';
import { api } from '../src/api';

/*
 * The score history on the real local stack: the scheduler's first cycle ran the price poll at the
 * frozen market date (2017-01-01; stocks show Friday 2016-12-30's bar), which stored AAPL's daily
 * scores in DynamoDB Local (a point-in-time backfill over its window, then the day itself). The route
 * answers those stored items, never a computation at request time: a stored day altered in the table
 * comes back altered.
 */

interface HistoryAnswer {
  to: string;
  market_date: string;
  days: { date: string; grade: string; composite: number; factors: { name: string; score: number }[] }[];
  distance: { up: { points: number } | null } | null;
}

function storedHistory() {
  const { dynamoEndpoint } = inject('stack');
  const client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  const table = tableName('local', 'market');
  return { client, table, repository: createScoreHistoryRepository(client, table) };
}

describe('score history on the local stack', () => {
  it('the price poll stored daily scores, the last one what the card shows today', async () => {
    const { repository } = storedHistory();
    const stored = await repository.listDays('AAPL', '2015-01-01', '2017-01-01');
    // AAPL's replayed series starts 2013-05-13: every trading day of the poll's 400-day window has
    // more than 64 bars behind it, so the whole window is stored, about 275 trading days.
    expect(stored.length).toBeGreaterThan(250);
    expect(stored.at(-1)?.date).toBe('2016-12-30');
    expect(new Set(stored.map((day) => day.date)).size).toBe(stored.length);
    const range = await repository.getRange('AAPL');
    expect(range).toEqual({ from: stored[0]?.date, through: '2016-12-30' });

    const card = await api<{
      nugget_scores: { composite_rationality_score: number; investment_grade: string };
    }>('GET', '/api/ai/nugget-analysis/AAPL');
    expect(card.status).toBe(200);
    expect(stored.at(-1)?.composite).toBe(card.body.nugget_scores.composite_rationality_score);
    expect(stored.at(-1)?.grade).toBe(card.body.nugget_scores.investment_grade);
  });

  it('the route answers the stored days of the range, up to the market date', async () => {
    const { repository } = storedHistory();
    const answer = await api<HistoryAnswer>('GET', '/api/ai/score-history/AAPL', {
      query: { from: '2016-10-01', to: '2017-03-01' },
    });
    expect(answer.status).toBe(200);
    // `to` is clamped to the market date: nothing after the replay's clock is answered.
    expect(answer.body.to).toBe('2017-01-01');
    const stored = await repository.listDays('AAPL', '2016-10-01', '2017-01-01');
    expect(answer.body.days.map((day) => [day.date, day.grade, day.composite])).toEqual(
      stored.map((day) => [day.date, day.grade, day.composite]),
    );
    expect(answer.body.days[0]?.factors.map((factor) => factor.name)).toEqual([
      'financial_health',
      'growth_quality',
      'value',
      'momentum',
      'risk',
    ]);
  });

  it('reads a stored day as stored: an altered item comes back altered, not recomputed', async () => {
    const { client, table, repository } = storedHistory();
    const [original] = await repository.listDays('AAPL', '2016-12-29', '2016-12-29');
    expect(original).toBeDefined();
    const altered = { ...original, composite: 12.3, grade: 'D' };
    await client.send(
      new PutCommand({ TableName: table, Item: { ...keys.dailyScore('AAPL', '2016-12-29'), ...altered } }),
    );
    try {
      const answer = await api<HistoryAnswer>('GET', '/api/ai/score-history/AAPL', {
        query: { from: '2016-12-29', to: '2016-12-29' },
      });
      expect(answer.body.days).toEqual([
        expect.objectContaining({ date: '2016-12-29', grade: 'D', composite: 12.3 }),
      ]);
      // 35 (grade C's floor) - 12.3 = 22.7 points up.
      expect(answer.body.distance?.up?.points).toBe(22.7);
    } finally {
      await client.send(
        new PutCommand({ TableName: table, Item: { ...keys.dailyScore('AAPL', '2016-12-29'), ...original } }),
      );
    }
  });

  it('refuses a range whose start is after its end, naming the field', async () => {
    const answer = await api<{ fields?: { path: string }[] }>('GET', '/api/ai/score-history/AAPL', {
      query: { from: '2016-12-01', to: '2016-11-01' },
      headers: { 'accept-language': 'fr' },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('query.from');
    expect(answer.text).toContain('date de fin');
  });
});
