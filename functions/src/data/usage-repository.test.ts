import { describe, expect, it } from 'vitest';
import {
  buildHoldingsDecrementItem,
  buildHoldingsIncrementItem,
  nextUtcMidnight,
  previousUtcDay,
  usageDayExpiry,
  utcDayOf,
} from './usage-repository';

const NOW = new Date('2025-06-30T23:59:59.999Z');

describe('UTC day arithmetic', () => {
  it('keys an instant by its UTC day, whatever the local zone', () => {
    expect(utcDayOf(NOW)).toBe('2025-06-30');
    expect(utcDayOf(new Date('2025-07-01T00:00:00.000Z'))).toBe('2025-07-01');
  });

  it('resets at the next midnight UTC', () => {
    expect(nextUtcMidnight(NOW).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2025-07-01T00:00:00.000Z')).toISOString()).toBe(
      '2025-07-02T00:00:00.000Z',
    );
  });

  it('finds the previous day across month and year ends', () => {
    expect(previousUtcDay('2025-07-01')).toBe('2025-06-30');
    expect(previousUtcDay('2025-01-01')).toBe('2024-12-31');
    expect(previousUtcDay('2024-03-01')).toBe('2024-02-29');
  });

  it('expires a day row 35 days after the day starts (epoch seconds)', () => {
    expect(usageDayExpiry('2025-06-30')).toBe(Date.parse('2025-08-04T00:00:00.000Z') / 1000);
  });
});

describe('holdings count transaction items', () => {
  it('refuses an increment at the limit and treats a missing count as 0', () => {
    const item = buildHoldingsIncrementItem('usage', 'u1', 5, NOW);

    expect(item.Update).toMatchObject({
      Key: { pk: 'USER#u1', sk: 'HOLDINGS' },
      UpdateExpression: 'ADD #count :one SET updated_at = :now',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 5 },
    });
  });

  it('admits nothing, not even a first holding, when the limit is 0', () => {
    const item = buildHoldingsIncrementItem('usage', 'u1', 0, NOW);

    expect(item.Update?.ConditionExpression).toBe('#count < :limit');
  });

  it('increments without a condition when unlimited', () => {
    const item = buildHoldingsIncrementItem('usage', 'u1', -1, NOW);

    expect(item.Update?.ConditionExpression).toBeUndefined();
  });

  it('never decrements below zero', () => {
    const item = buildHoldingsDecrementItem('usage', 'u1', NOW);

    expect(item.Update).toMatchObject({
      ConditionExpression: '#count > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    });
  });
});
