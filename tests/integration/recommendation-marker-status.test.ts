import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { message } from '@app/shared/messages/message';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import {
  createRecommendationQueueRepository,
  type QueuedRecommendation,
  type RecommendationQueueRepository,
  type ReviewDecision,
} from '@app/functions/data/recommendation-queue-repository';
import { keys } from '@app/functions/data/keys';
import { getRecommendations } from '@app/functions/market/recommendations-service';
import {
  buildRecommendationDeps,
  signedIn,
  withoutWriteBack,
} from '@app/functions/testing/recommendations-fixture';
import { createTables } from '@app/infra/local/dynamodb-local';
import { tableName } from '@app/infra/lib/table-definitions';

/*
 * The review status the LAST_RECS marker carries (functions/src/data/recommendation-queue-repository.ts)
 * on DynamoDB Local, with concurrent writers: after any mix of decisions and queueings, the marker's
 * `review_status` is the status of the item it names; and the recommendations list's write-back onto a
 * marker written before markers carried a status (functions/src/market/recommendations-service.ts), so a
 * second list reads no review item. Tables of a stage of their own on the shared
 * DynamoDB Local, so the suite's queue counters and lists are not touched.
 */

let repository: RecommendationQueueRepository;
let client: ReturnType<typeof createDocumentClient>;
let stage: string;

beforeAll(async () => {
  const { dynamoEndpoint } = inject('stack');
  stage = `marker${randomUUID().slice(0, 8)}`;
  await createTables(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    stage,
  );
  client = createDocumentClient({ AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: dynamoEndpoint });
  repository = createRecommendationQueueRepository(client, {
    moderation: tableName(stage, 'moderation'),
    market: tableName(stage, 'market'),
  });
}, 60_000);

let sequence = 0;
function queued(symbol: string): QueuedRecommendation {
  sequence += 1;
  return {
    id: `01JTEST${String(sequence).padStart(4, '0')}${randomUUID().slice(0, 8).toUpperCase()}`,
    symbol,
    recommendation: 'BUY',
    risk_level: 3,
    confidence: 0.7,
    ai_score: 6.5,
    reasoning: message('NUGGET_NO_FUNDAMENTALS'),
    target_price: 110,
    generated_at: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString(),
    status: 'PENDING',
    as_of: '2018-01-02',
    market_date: '2018-01-02',
    cycle_id: 'cycle-1',
    investment_grade: 'B',
    composite_rationality_score: 65,
    data_mode: 'replay',
  };
}

const decision = (status: ReviewDecision['status']): ReviewDecision => ({
  status,
  reviewedBy: 'admin-test',
  reviewedAt: new Date().toISOString(),
});

async function markerOf(symbol: string) {
  return (await repository.getLastRecommendations([symbol])).get(symbol);
}

/** The marker's status against the status of the item it names, read separately. */
async function expectMarkerAgrees(symbol: string) {
  const marker = await markerOf(symbol);
  const item = await repository.getRecommendation(marker?.recommendation_id ?? '');
  expect(marker?.review_status).toBe(item?.status);
}

describe('the review status on the recommendation marker', () => {
  it('is PENDING when queued and takes each decision, two symbols decided at once', async () => {
    const [a, b] = [queued(`A${sequence}X`), queued(`B${sequence}X`)];
    expect(await repository.enqueueSuperseding(a, null)).toBe(true);
    expect(await repository.enqueueSuperseding(b, null)).toBe(true);
    expect((await markerOf(a.symbol))?.review_status).toBe('PENDING');
    const outcomes = await Promise.all([
      repository.reviewRecommendation(a.id, decision('REJECTED')),
      repository.reviewRecommendation(b.id, decision('APPROVED')),
    ]);
    expect(outcomes).toEqual([{ outcome: 'decided' }, { outcome: 'decided' }]);
    expect((await markerOf(a.symbol))?.review_status).toBe('REJECTED');
    expect((await markerOf(b.symbol))?.review_status).toBe('APPROVED');
    expect(await repository.getRecommendationStats()).toMatchObject({ pending: 0, approved: 1, rejected: 1 });
  });

  it('keeps the winner of two decisions of one item at once', async () => {
    const item = queued(`C${sequence}X`);
    await repository.enqueueSuperseding(item, null);
    const outcomes = await Promise.all([
      repository.reviewRecommendation(item.id, decision('APPROVED')),
      repository.reviewRecommendation(item.id, decision('REJECTED')),
    ]);
    const won = outcomes.findIndex((outcome) => outcome.outcome === 'decided');
    expect(outcomes.filter((outcome) => outcome.outcome === 'decided')).toHaveLength(1);
    expect((await markerOf(item.symbol))?.review_status).toBe(won === 0 ? 'APPROVED' : 'REJECTED');
    await expectMarkerAgrees(item.symbol);
  });

  it('leaves the marker of a newer recommendation alone when an item it does not name is decided', async () => {
    const symbol = `D${sequence}X`;
    const first = queued(symbol);
    await repository.enqueueSuperseding(first, null);
    const newer = queued(symbol);
    expect(await repository.enqueueSuperseding(newer, await repository.getLastRecommendation(symbol))).toBe(
      true,
    );
    // Queued beside the marker (not through it): pending, but not the one the marker names.
    const beside = { ...queued(symbol), status: 'PENDING' as const };
    expect(await repository.enqueueRecommendation(beside)).toBe(true);

    expect(await repository.reviewRecommendation(first.id, decision('REJECTED'))).toEqual({
      outcome: 'already_decided',
      status: 'SUPERSEDED',
    });
    expect(await repository.reviewRecommendation(beside.id, decision('REJECTED'))).toEqual({
      outcome: 'decided',
    });
    const marker = await markerOf(symbol);
    expect([marker?.recommendation_id, marker?.review_status]).toEqual([newer.id, 'PENDING']);
  });

  it('agrees with the named item when a decision races a poll that queues a newer one', async () => {
    for (let round = 0; round < 4; round += 1) {
      const symbol = `E${sequence}X`;
      const current = queued(symbol);
      await repository.enqueueSuperseding(current, null);
      const last = await repository.getLastRecommendation(symbol);
      const next = queued(symbol);
      const [decided, queuedNext] = await Promise.all([
        repository.reviewRecommendation(current.id, decision('APPROVED')),
        repository.enqueueSuperseding(next, last),
      ]);
      expect(queuedNext).toBe(true);
      // Either order: the decision landed first (approved, then superseded nothing pending) or the
      // poll did (the item superseded, the decision refused). The marker names the newer one, PENDING.
      expect(['decided', 'already_decided']).toContain(decided.outcome);
      const marker = await markerOf(symbol);
      expect([marker?.recommendation_id, marker?.review_status]).toEqual([next.id, 'PENDING']);
      await expectMarkerAgrees(symbol);
    }
  });
});

describe("the recommendations list's write-back onto a marker from before markers carried a status", () => {
  it('reads the items once, writes their statuses onto the markers, and the second list reads no item', async () => {
    // The list's deps over the replay fixture polled in memory; its ranking tells the top two.
    const deps = await buildRecommendationDeps({ premium: 'PREMIUM' });
    const ranking = await getRecommendations(
      'premium',
      10,
      signedIn('premium'),
      'en',
      withoutWriteBack(deps),
    );
    const [top, second] = ranking.recommendations;
    const { queue, lastRecommendations } = deps.store.snapshot();
    // The poll's items in this stage's tables, the top one rejected and the second approved (no
    // marker yet, so each decision goes without one), then the markers as written before they
    // carried a status.
    for (const item of queue) expect(await repository.enqueueRecommendation({ ...item })).toBe(true);
    expect(await repository.reviewRecommendation(top?.id ?? '', decision('REJECTED'))).toEqual({
      outcome: 'decided',
    });
    expect(await repository.reviewRecommendation(second?.id ?? '', decision('APPROVED'))).toEqual({
      outcome: 'decided',
    });
    for (const marker of Object.values(lastRecommendations)) {
      expect(marker.review_status).toBeUndefined();
      await client.send(
        new PutCommand({
          TableName: tableName(stage, 'market'),
          Item: {
            ...keys.lastRecommendationIndexed(marker.symbol),
            entity: 'last-recommendation',
            ...marker,
          },
        }),
      );
    }
    const sent = vi.spyOn(client, 'send');
    const sentNames = () => sent.mock.calls.map(([command]) => command.constructor.name);
    const list = () =>
      getRecommendations('premium', 10, signedIn('premium'), 'en', {
        ...deps,
        recommendationQueue: repository,
      });

    const first = await list();
    expect(sentNames().filter((name) => name === 'BatchGetCommand')).toHaveLength(1);
    // The write-back is not awaited by the list: wait for every write it started.
    await Promise.allSettled(sent.mock.results.map((result) => result.value));
    const updates = sentNames().filter((name) => name === 'UpdateCommand').length;
    expect(updates).toBeGreaterThanOrEqual(2);
    const markers = await repository.getLastRecommendations(Object.keys(lastRecommendations));
    expect(markers.get(top?.symbol ?? '')?.review_status).toBe('REJECTED');
    expect(markers.get(second?.symbol ?? '')?.review_status).toBe('APPROVED');
    sent.mockClear();

    const next = await list();
    // One Query of the markers, no BatchGet of the items, nothing written; the same answer.
    expect(sentNames()).toEqual(['QueryCommand']);
    expect(next).toEqual(first);
    expect(first.recommendations.map((item) => item.symbol)).not.toContain(top?.symbol);
    expect(first.recommendations.find((item) => item.symbol === second?.symbol)?.reviewed).toBe(true);
    sent.mockRestore();
  });
});
