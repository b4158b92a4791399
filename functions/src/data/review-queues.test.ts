import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createContentQueueRepository } from './content-queue-repository';
import { createRecommendationQueueRepository } from './recommendation-queue-repository';
import { decodeCursor, encodeCursor, InvalidCursorError } from './review-queue';

const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const dynamo = mockClient(documentClient);
const recommendations = createRecommendationQueueRepository(documentClient, {
  moderation: 'moderation',
  market: 'market',
});
const content = createContentQueueRepository(documentClient, 'moderation');
const ID = '01JD0000000000000000000001';

function cancelled(...codes: string[]) {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

beforeEach(() => dynamo.reset());

/** The pending item as the decision reads it first (for its symbol's marker). */
const pendingItem = { Item: { pk: `REC#${ID}`, sk: 'ITEM', id: ID, symbol: 'AAPL', status: 'PENDING' } };

describe('review of a recommendation', () => {
  it('moves a pending item to its new queue and the counters in one conditional transaction', async () => {
    dynamo.on(GetCommand).resolves(pendingItem);
    dynamo.on(TransactWriteCommand).resolves({});
    const outcome = await recommendations.reviewRecommendation(ID, {
      status: 'APPROVED',
      reviewedBy: 'admin-1',
      reviewedAt: '2026-11-22T10:00:00.000Z',
      adminNotes: 'Sound reasoning',
      qualityScore: 8,
    });
    expect(outcome).toEqual({ outcome: 'decided' });
    const [item, stats, marker] = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(item?.Update).toMatchObject({
      Key: { pk: `REC#${ID}`, sk: 'ITEM' },
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: {
        ':pending': 'PENDING',
        ':status': 'APPROVED',
        ':queue': 'QUEUE#REC#APPROVED',
        ':by': 'admin-1',
        ':at': '2026-11-22T10:00:00.000Z',
        ':notes': 'Sound reasoning',
        ':quality': 8,
      },
    });
    expect(item?.Update?.UpdateExpression).toContain('gsi1pk = :queue');
    expect(stats?.Update).toMatchObject({
      Key: { pk: 'STATS', sk: 'REC' },
      UpdateExpression: 'ADD approved :one, pending :minus, quality_sum :quality, quality_count :one',
      ExpressionAttributeValues: { ':one': 1, ':minus': -1, ':quality': 8 },
    });
    // In the same transaction, the symbol's LAST_RECS marker takes the status, only while it names
    // this item: one attribute set under a condition, never the marker written back from a read.
    expect(marker?.Update).toEqual({
      TableName: 'market',
      Key: { pk: 'LAST_RECS', sk: 'AAPL' },
      UpdateExpression: 'SET review_status = :status',
      ConditionExpression: 'recommendation_id = :id',
      ExpressionAttributeValues: { ':status': 'APPROVED', ':id': ID },
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('decides without the marker when the marker names another recommendation (or there is none)', async () => {
    dynamo.on(GetCommand).resolves(pendingItem);
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed'))
      .resolves({});
    const outcome = await recommendations.reviewRecommendation(ID, {
      status: 'REJECTED',
      reviewedBy: 'admin-1',
      reviewedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(outcome).toEqual({ outcome: 'decided' });
    const sent = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!);
    expect(sent.map((items) => items.length)).toEqual([3, 2]);
    expect(sent[1]?.[0]?.Update?.ExpressionAttributeValues).toMatchObject({ ':status': 'REJECTED' });
  });

  it('answers already_decided when the item is no longer pending (the 409)', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    dynamo.on(GetCommand).resolves({ Item: { pk: `REC#${ID}`, sk: 'ITEM', id: ID, status: 'REJECTED' } });
    const outcome = await recommendations.reviewRecommendation(ID, {
      status: 'APPROVED',
      reviewedBy: 'admin-1',
      reviewedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(outcome).toEqual({ outcome: 'already_decided', status: 'REJECTED' });
  });

  it('answers not_found when there is no such item (the 404)', async () => {
    dynamo.on(GetCommand).resolves({});
    const outcome = await recommendations.reviewRecommendation(ID, {
      status: 'REJECTED',
      reviewedBy: 'admin-1',
      reviewedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(outcome).toEqual({ outcome: 'not_found' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers not_found when the item goes between the read and the decision', async () => {
    dynamo.on(GetCommand).resolvesOnce(pendingItem).resolves({});
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'));
    const outcome = await recommendations.reviewRecommendation(ID, {
      status: 'REJECTED',
      reviewedBy: 'admin-1',
      reviewedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(outcome).toEqual({ outcome: 'not_found' });
    const stats = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![1];
    expect(stats?.Update?.UpdateExpression).toBe('ADD rejected :one, pending :minus');
  });

  it('retries when another transaction touched the counters at the same time', async () => {
    dynamo.on(GetCommand).resolves(pendingItem);
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolves({});
    const outcome = await recommendations.reviewRecommendation(ID, {
      status: 'APPROVED',
      reviewedBy: 'admin-1',
      reviewedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(outcome).toEqual({ outcome: 'decided' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});

describe('moderation of a post', () => {
  it('records the decision, the flagged issues and counts it', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    await content.moderateContent(ID, {
      status: 'NEEDS_REVISION',
      moderatedBy: 'admin-1',
      moderatedAt: '2026-11-22T10:00:00.000Z',
      moderationNotes: 'Tone',
      flaggedIssues: ['Off-brand messaging'],
    });
    const [item, stats] = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(item?.Update).toMatchObject({
      Key: { pk: `CONTENT#${ID}`, sk: 'ITEM' },
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: {
        ':queue': 'QUEUE#CONTENT#NEEDS_REVISION',
        ':issues': ['Off-brand messaging'],
      },
    });
    expect(stats?.Update?.UpdateExpression).toBe('ADD needs_revision :one, pending :minus');
  });
});

describe('queues and cursors', () => {
  it('lists a queue newest first through gsi1 and hands back an opaque cursor', async () => {
    const lastKey = {
      pk: `REC#${ID}`,
      sk: 'ITEM',
      gsi1pk: 'QUEUE#REC#PENDING',
      gsi1sk: `2026-11-22T09:00:00.000Z#${ID}`,
    };
    dynamo
      .on(QueryCommand)
      .resolves({ Items: [{ ...lastKey, id: ID, status: 'PENDING' }], LastEvaluatedKey: lastKey });
    const page = await recommendations.listPendingRecommendations({ limit: 1 });
    expect(page.items).toEqual([{ id: ID, status: 'PENDING' }]);
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :queue',
      ExpressionAttributeValues: { ':queue': 'QUEUE#REC#PENDING' },
      ScanIndexForward: false,
      Limit: 1,
    });

    await recommendations.listPendingRecommendations({ limit: 1, cursor: page.nextCursor! });
    expect(dynamo.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual(lastKey);
  });

  it('refuses a cursor that is not one of this queue', () => {
    const otherQueue = encodeCursor({ pk: 'x', sk: 'y', gsi1pk: 'QUEUE#CONTENT#PENDING', gsi1sk: 'z' });
    expect(() => decodeCursor(otherQueue, 'QUEUE#REC#PENDING')).toThrow(InvalidCursorError);
    expect(() => decodeCursor('not-base64-json', 'QUEUE#REC#PENDING')).toThrow(InvalidCursorError);
    const extra = encodeCursor({ pk: 'x', sk: 'y', gsi1pk: 'QUEUE#REC#PENDING', gsi1sk: 'z', evil: 'w' });
    expect(() => decodeCursor(extra, 'QUEUE#REC#PENDING')).toThrow(InvalidCursorError);
  });

  it('counts a queued recommendation in the same transaction as its item, once', async () => {
    dynamo.on(TransactWriteCommand).resolvesOnce({}).rejects(cancelled('ConditionalCheckFailed', 'None'));
    const recommendation = {
      id: ID,
      symbol: 'AAPL',
      recommendation: 'BUY' as const,
      risk_level: 4,
      confidence: 0.7,
      ai_score: 7.6,
      reasoning: 'Strong health',
      target_price: 101.2,
      generated_at: '2026-11-22T09:00:00.000Z',
    };
    expect(await recommendations.enqueueRecommendation(recommendation)).toBe(true);
    expect(await recommendations.enqueueRecommendation(recommendation)).toBe(false);
    const [put, stats] = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put?.Put?.Item).toMatchObject({
      pk: `REC#${ID}`,
      sk: 'ITEM',
      gsi1pk: 'QUEUE#REC#PENDING',
      gsi1sk: `2026-11-22T09:00:00.000Z#${ID}`,
      status: 'PENDING',
    });
    expect(put?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(stats?.Update?.UpdateExpression).toBe('ADD generated :one, pending :one');
  });
});
