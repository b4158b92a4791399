import { describe, expect, it } from 'vitest';
import { validateBars } from './bar-validation';

const bar = (date: string, close: number, extra: Record<string, number> = {}) => ({
  date,
  close,
  closed: true,
  ...extra,
});
const noStored = { previous: null, stored: new Map() };

describe('validateBars', () => {
  it('rejects non-positive prices, high below low, negative volume, duplicate and out-of-order dates', () => {
    const result = validateBars(
      [
        bar('2024-01-02', 100, { open: 99, high: 101, low: 98 }),
        bar('2024-01-03', 0),
        bar('2024-01-04', 101, { high: 100, low: 102 }),
        bar('2024-01-05', 102, { volume: -5 }),
        bar('2024-01-08', 103),
        bar('2024-01-08', 104),
        bar('2024-01-05', 105),
        bar('2024-01-09', Number.NaN),
        bar('2024-01-10', 106),
      ],
      noStored,
    );
    expect(result.accepted.map((entry) => entry.date)).toEqual(['2024-01-02', '2024-01-08', '2024-01-10']);
    expect(result.rejected).toEqual([
      { date: '2024-01-03', code: 'NON_POSITIVE_PRICE' },
      { date: '2024-01-04', code: 'HIGH_BELOW_LOW' },
      { date: '2024-01-05', code: 'NEGATIVE_VOLUME' },
      { date: '2024-01-08', code: 'DUPLICATE_DATE' },
      { date: '2024-01-05', code: 'OUT_OF_ORDER_DATE' },
      { date: '2024-01-09', code: 'NON_POSITIVE_PRICE' },
    ]);
  });

  it('flags a move beyond 50 % from the last confirmed close, and only the bad print of 100, 300, 100', () => {
    const result = validateBars([bar('2024-01-03', 300), bar('2024-01-04', 100), bar('2024-01-05', 149)], {
      previous: { date: '2024-01-02', close: 100 },
      stored: new Map(),
    });
    // 300 / 100 - 1 = +200 %; 100 and 149 are judged against 100 (+0 %, +49 %).
    expect(result.accepted.map((entry) => [entry.date, entry.flags])).toEqual([
      ['2024-01-03', ['UNCONFIRMED_MOVE']],
      ['2024-01-04', []],
      ['2024-01-05', []],
    ]);
  });

  it('a second read returning the stored close confirms the move; a corrected close is judged again', () => {
    const firstRead = new Map([['2024-01-03', { close: 40, flags: ['UNCONFIRMED_MOVE'] }]]);
    const previous = { date: '2024-01-02', close: 100 };
    const confirmed = validateBars([bar('2024-01-03', 40)], { previous, stored: firstRead });
    expect(confirmed.accepted[0]?.flags).toEqual([]);
    const corrected = validateBars([bar('2024-01-03', 45)], { previous, stored: firstRead });
    // 45 / 100 - 1 = -55 %: a new value, read once.
    expect(corrected.accepted[0]?.flags).toEqual(['UNCONFIRMED_MOVE']);
  });

  it('keeps a bar whose high is below its close, flagged', () => {
    const result = validateBars([bar('2024-01-02', 100, { open: 99, high: 99.5, low: 98 })], noStored);
    expect(result.accepted[0]?.flags).toEqual(['OHLC_INCONSISTENT']);
  });
});
