import { describe, expect, it } from 'vitest';
import {
  impactLevel,
  isHighConfidence,
  isHighImpact,
  isRecentAlert,
  isUrgent,
  sentimentLabel,
} from './catalyst-thresholds';

describe('impactLevel', () => {
  it.each([
    [100, 'HIGH'],
    [80.01, 'HIGH'],
    [80, 'MEDIUM'],
    [60.01, 'MEDIUM'],
    [60, 'LOW'],
    [0, 'LOW'],
  ])('rates impact score %s as %s', (score, expected) => {
    const level = impactLevel(score);

    expect(level).toBe(expected);
  });
});

describe('sentimentLabel', () => {
  it.each([
    [1, 'positive'],
    [0.11, 'positive'],
    [0.1, 'neutral'],
    [0, 'neutral'],
    [-0.1, 'neutral'],
    [-0.11, 'negative'],
    [-1, 'negative'],
  ])('labels sentiment %s as %s', (score, expected) => {
    const label = sentimentLabel(score);

    expect(label).toBe(expected);
  });
});

describe('isRecentAlert', () => {
  it.each([
    [0, true],
    [1.99, true],
    [2, false],
    [2.01, false],
    [48, false],
  ])('says an alert %s hours old is recent: %s', (hoursAgo, expected) => {
    const recent = isRecentAlert(hoursAgo);

    expect(recent).toBe(expected);
  });
});

describe('isHighConfidence', () => {
  it.each([
    [0.81, true],
    [1, true],
    [0.8, false],
    [0.79, false],
    [0, false],
  ])('says confidence %s is high: %s', (confidence, expected) => {
    const high = isHighConfidence(confidence);

    expect(high).toBe(expected);
  });
});

describe('isHighImpact', () => {
  it.each([
    [80.01, true],
    [100, true],
    [80, false],
    [79.99, false],
  ])('says impact %s is high: %s', (score, expected) => {
    const high = isHighImpact(score);

    expect(high).toBe(expected);
  });
});

describe('isUrgent', () => {
  it.each([
    ['HIGH', true],
    ['MEDIUM', false],
    ['LOW', false],
    ['high', false],
    [null, false],
    [undefined, false],
  ])('says time sensitivity %s is urgent: %s', (sensitivity, expected) => {
    const urgent = isUrgent(sensitivity);

    expect(urgent).toBe(expected);
  });
});
