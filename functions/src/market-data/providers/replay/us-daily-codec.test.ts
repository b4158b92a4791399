import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, decodeBars, encodeBars, seriesChecksum, UsDailyCodecError } from './us-daily-codec';

/*
 * The compact form must give back exactly the numbers the source wrote: every value below is typed
 * as a source row writes it (the kinds of rows the US daily CSVs hold: three to five decimals, a
 * weekend and a holiday between bars, a day without a volume).
 */
const bars = [
  { date: '2007-01-03', open: 11.049, high: 11.087, low: 10.486, close: 10.731, volume: 345302870 },
  { date: '2007-01-04', open: 10.78, high: 11.007, low: 10.733, close: 10.969, volume: 236252357 },
  // Friday to Tuesday: a weekend and Martin Luther King Day between two bars.
  { date: '2007-01-12', open: 0.20791, high: 0.30771, low: 0.14963, close: 0.27441, volume: 1 },
  { date: '2007-01-16', open: 142.95, high: 143.87, low: 142.71, close: 143.36 },
  { date: '2007-01-17', open: 257, high: 258.39, low: 256.36, close: 258.17, volume: 94537282 },
];

describe('the US daily codec', () => {
  it('decodes to the very numbers it was given, dates and the unknown volume included', () => {
    expect(decodeBars(encodeBars(bars))).toEqual(bars);
  });

  it('stores a price in units of the largest number of decimals of the series (five here)', () => {
    const encoded = encodeBars(bars);
    // format 1, then decimals: 0.20791 has five.
    expect([encoded[0], encoded[1]]).toEqual([1, 5]);
    expect(decimalPlaces(0.20791)).toBe(5);
    expect(decimalPlaces(257)).toBe(0);
  });

  it('refuses a bar whose close lies outside its range rather than store a negative step', () => {
    const bad = [{ date: '2007-05-02', open: 88.168, high: 89.155, low: 87.499, close: 0.8874 }];
    expect(() => encodeBars(bad)).toThrow(UsDailyCodecError);
  });

  it('refuses dates out of order and truncated data', () => {
    expect(() => encodeBars([bars[1], bars[0]] as typeof bars)).toThrow(/not ascending/);
    expect(() => decodeBars(encodeBars(bars).slice(0, -2))).toThrow(/truncated/);
  });

  it('fingerprints the decoded series as SHA-256 of one line per bar, volume empty when unknown', () => {
    const lines =
      '2007-01-03,11.049,11.087,10.486,10.731,345302870\n' + '2007-01-16,142.95,143.87,142.71,143.36,\n';
    const expected = createHash('sha256').update(lines).digest('hex').slice(0, 16);
    expect(seriesChecksum([bars[0], bars[3]] as typeof bars)).toBe(expected);
  });
});
