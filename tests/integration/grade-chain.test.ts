import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createGradeChainRepository } from '@app/functions/data/grade-chain-repository';
import { keys } from '@app/functions/data/keys';
import { createScoreHistoryRepository } from '@app/functions/data/score-history-repository';
import type { DailyScore } from '@app/functions/engine/score-history';
import { recordGradeChain, verifyStoredChain } from '@app/functions/jobs/price-poll-grade-chain';
import { createTables, localDynamoClient } from '@app/infra/local/dynamodb-local';
import { tableName } from '@app/infra/lib/table-definitions';

/**
 * The live grade chain on DynamoDB Local (functions/src/engine/README.md "Grade chain"), on a market
 * table of its own stage: a stepped market clock chains each final date once, from the score history
 * as stored; a second writer of the same date writes nothing; rewriting one stored grade in the table
 * (as someone with table access would) is named by the verifier, and putting it back passes again.
 */

const STAGE = 'gradechain';
const TABLE = tableName(STAGE, 'market');
const SYMBOLS = ['AAA', 'BBB'];
let client: DynamoDBDocumentClient;

function score(symbol: string, date: string, grade: DailyScore['grade'], composite: number): DailyScore {
  return { symbol, date, grade, composite, price: 10, factors: [] } as unknown as DailyScore;
}

beforeAll(async () => {
  const port = Number(new URL(inject('stack').dynamoEndpoint).port);
  const raw = localDynamoClient(port);
  await createTables(raw, STAGE);
  client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
});

describe('the live grade chain on DynamoDB Local', () => {
  it('chains each final date once and names a stored grade rewritten after it was chained', async () => {
    const scoreHistory = createScoreHistoryRepository(client, TABLE);
    const gradeChain = createGradeChainRepository(client, TABLE);
    const deps = { engine: { dataMode: 'live' as const }, gradeChain, scoreHistory };
    const days: Array<[string, DailyScore['grade'], DailyScore['grade']]> = [
      ['2026-11-23', 'A', 'C'],
      ['2026-11-24', 'A', 'D'],
      ['2026-11-25', 'B+', 'D'],
    ];
    // Each step: the poll stores the day, then the chain step runs at the next market date.
    for (const [date, first, second] of days) {
      await scoreHistory.putNewDays('AAA', [score('AAA', date, first, 70)]);
      await scoreHistory.putNewDays('BBB', [score('BBB', date, second, 40)]);
      const next = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
      const [written] = await recordGradeChain(deps, { date: next } as never, SYMBOLS);
      expect(written?.date).toBe(date);
      // Another run at the same market date (a second Lambda, a retry) writes nothing.
      expect(await recordGradeChain(deps, { date: next } as never, SYMBOLS)).toEqual([]);
    }
    const head = await gradeChain.getHead();
    expect(head?.date).toBe('2026-11-25');
    expect(head?.position).toBe(3);
    expect((await gradeChain.getFirst())?.date).toBe('2026-11-23');
    expect(await verifyStoredChain({ gradeChain, scoreHistory })).toEqual({
      ok: true,
      head: head?.hash,
      entries: 3,
    });

    // BBB's D of 2026-11-24 rewritten to B in the table: the verifier names that date and symbol.
    const rewrite = (grade: string) =>
      client.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: keys.dailyScore('BBB', '2026-11-24'),
          UpdateExpression: 'SET grade = :grade',
          ExpressionAttributeValues: { ':grade': grade },
        }),
      );
    await rewrite('B');
    expect(await verifyStoredChain({ gradeChain, scoreHistory })).toEqual({
      ok: false,
      date: '2026-11-24',
      reason: 'score_history:BBB',
      entries: 3,
    });
    await rewrite('D');
    expect((await verifyStoredChain({ gradeChain, scoreHistory })).ok).toBe(true);
  }, 60_000);
});
