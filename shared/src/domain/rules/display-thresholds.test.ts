import { describe, expect, it } from 'vitest';
import {
  confidenceColour,
  drawdownColour,
  momentumColour,
  relativeTimeParts,
  riskLabel,
  riskScoreColour,
  scoreColour,
  sharpeColour,
  volatility5dLabel,
  volumeRatioBarWidth,
} from './display-thresholds';

describe('scoreColour', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.99, 'blue'],
    [60, 'blue'],
    [59.99, 'yellow'],
    [40, 'yellow'],
    [39.99, 'red'],
    [0, 'red'],
  ])('colours score %s %s', (score, expected) => {
    const colour = scoreColour(score);

    expect(colour).toBe(expected);
  });
});

describe('riskScoreColour', () => {
  it.each([
    [0, 'green'],
    [30, 'green'],
    [30.01, 'yellow'],
    [60, 'yellow'],
    [60.01, 'red'],
    [100, 'red'],
  ])('colours risk score %s %s', (riskScore, expected) => {
    const colour = riskScoreColour(riskScore);

    expect(colour).toBe(expected);
  });
});

describe('confidenceColour', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.99, 'yellow'],
    [60, 'yellow'],
    [59.99, 'red'],
    [0, 'red'],
  ])('colours confidence %s%% %s', (confidence, expected) => {
    const colour = confidenceColour(confidence);

    expect(colour).toBe(expected);
  });
});

describe('volumeRatioBarWidth', () => {
  it.each([
    [0, 0],
    [0.5, 12.5],
    [1, 25],
    [2, 50],
    [3.99, 99.75],
    [4, 100],
    [4.01, 100],
    [10, 100],
    [-1, 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
  ])('draws a ratio of %s as %s%%', (ratio, expected) => {
    const width = volumeRatioBarWidth(ratio);

    expect(width).toBe(expected);
  });
});

describe('momentumColour', () => {
  it.each([
    [12, 'green'],
    [5.01, 'green'],
    [5, 'neutral'],
    [0, 'neutral'],
    [-5, 'neutral'],
    [-5.01, 'red'],
    [-12, 'red'],
  ])('colours momentum %s%% %s', (momentum, expected) => {
    const colour = momentumColour(momentum);

    expect(colour).toBe(expected);
  });
});

describe('drawdownColour', () => {
  it.each([
    [-45, 'red'],
    [-30.01, 'red'],
    [-30, 'neutral'],
    [0, 'neutral'],
    [30, 'neutral'],
    [30.01, 'red'],
  ])('colours drawdown %s%% %s', (drawdown, expected) => {
    const colour = drawdownColour(drawdown);

    expect(colour).toBe(expected);
  });
});

describe('sharpeColour', () => {
  it.each([
    [2.5, 'green'],
    [1.01, 'green'],
    [1, 'yellow'],
    [0.01, 'yellow'],
    [0, 'red'],
    [-0.5, 'red'],
  ])('colours Sharpe %s %s', (sharpe, expected) => {
    const colour = sharpeColour(sharpe);

    expect(colour).toBe(expected);
  });
});

describe('riskLabel', () => {
  it.each([
    [0, 'low'],
    [3, 'low'],
    [3.5, 'medium'],
    [4, 'medium'],
    [6, 'medium'],
    [6.5, 'high'],
    [7, 'high'],
    [10, 'high'],
  ])('labels risk level %s %s', (level, expected) => {
    const label = riskLabel(level);

    expect(label).toBe(expected);
  });
});

describe('volatility5dLabel', () => {
  it.each([
    [0, 'low'],
    [2, 'low'],
    [2.01, 'medium'],
    [5, 'medium'],
    [5.01, 'high'],
    [20, 'high'],
  ])('labels five-day volatility %s%% %s', (volatility, expected) => {
    const label = volatility5dLabel(volatility);

    expect(label).toBe(expected);
  });
});

describe('relativeTimeParts', () => {
  const now = Date.parse('2024-06-15T12:00:00.000Z');
  const secondsAgo = (seconds: number) => now - seconds * 1000;

  it.each([
    {
      age: 'in 5 minutes (clock skew)',
      timestamp: secondsAgo(-300),
      expected: { unit: 'minutes', value: 0 },
    },
    { age: 'now', timestamp: secondsAgo(0), expected: { unit: 'minutes', value: 0 } },
    { age: '59 s', timestamp: secondsAgo(59), expected: { unit: 'minutes', value: 0 } },
    { age: '1 min', timestamp: secondsAgo(60), expected: { unit: 'minutes', value: 1 } },
    { age: '59 min 59 s', timestamp: secondsAgo(3599), expected: { unit: 'minutes', value: 59 } },
    { age: '60 min', timestamp: secondsAgo(3600), expected: { unit: 'hours', value: 1 } },
    { age: '119 min', timestamp: secondsAgo(7140), expected: { unit: 'hours', value: 1 } },
    { age: '2 h', timestamp: secondsAgo(7200), expected: { unit: 'hours', value: 2 } },
    { age: '23 h 59 min 59 s', timestamp: secondsAgo(86_399), expected: { unit: 'hours', value: 23 } },
    { age: '24 h', timestamp: secondsAgo(86_400), expected: { unit: 'date', value: secondsAgo(86_400) } },
    {
      age: '30 days',
      timestamp: secondsAgo(2_592_000),
      expected: { unit: 'date', value: secondsAgo(2_592_000) },
    },
  ])('shows an alert $age old as $expected.value $expected.unit', ({ timestamp, expected }) => {
    const parts = relativeTimeParts(timestamp, now);

    expect(parts).toEqual(expected);
  });

  it('accepts ISO strings and Date objects', () => {
    const timestamp = '2024-06-15T09:30:00.000Z';
    const nowDate = new Date(now);

    const parts = relativeTimeParts(timestamp, nowDate);

    expect(parts).toEqual({ unit: 'hours', value: 2 });
  });

  it('throws on an unparseable timestamp', () => {
    const timestamp = 'yesterday-ish';

    const act = () => relativeTimeParts(timestamp, now);

    expect(act).toThrow(RangeError);
  });
});
