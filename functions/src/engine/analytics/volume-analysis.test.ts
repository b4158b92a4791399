import { ADL, OBV } from 'technicalindicators';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAaplDaily, loadSp500Daily } from '../../market-data/providers/replay/load-price-series';
import { loadBitcoinClose } from '../../market-data/providers/replay/load-chart-library-series';
import type { Bar, PriceSeries } from '../types';
import { trimBarsToDate } from './analyze-symbol';
import { computeLeastSquaresSlope } from './statistics';
import {
  classifyObvTrend,
  classifyVolumeSurge,
  computeAccumulationDistributionLine,
  computeOnBalanceVolume,
  computeVolumeAnalysis,
  computeVolumeRatio20d,
} from './volume-analysis';

describe('volume analysis on small arrays, by hand', () => {
  it('volume ratio is the last volume over the mean of the 20 before it', () => {
    const volumes = [...Array.from({ length: 20 }, () => 100), 250];
    expect(computeVolumeRatio20d(volumes)).toBeCloseTo(2.5, 12);
    expect(computeVolumeRatio20d(volumes.slice(1))).toBeNull();
  });

  it('surge levels at 2 and 1.5', () => {
    expect(classifyVolumeSurge(2)).toBe('HIGH');
    expect(classifyVolumeSurge(1.5)).toBe('MODERATE');
    expect(classifyVolumeSurge(1.49)).toBe('NORMAL');
  });

  it('OBV adds up-day volume, subtracts down-day volume, keeps flat days', () => {
    expect(computeOnBalanceVolume([10, 11, 10.5, 10.5, 12], [5, 7, 3, 9, 4])).toEqual([0, 7, 4, 4, 8]);
  });

  it('A/D line accumulates the money-flow multiplier times volume', () => {
    const bars: Bar[] = [
      { date: '2020-01-01', open: 1, high: 12, low: 10, close: 12, volume: 100 }, // multiplier +1
      { date: '2020-01-02', open: 1, high: 12, low: 10, close: 11, volume: 100 }, // 0
      { date: '2020-01-03', open: 1, high: 14, low: 10, close: 11, volume: 200 }, // (1 - 3) / 4 = -0.5
      { date: '2020-01-04', open: 1, high: 10, low: 10, close: 10, volume: 50 }, // no range: 0
    ];
    expect(computeAccumulationDistributionLine(bars)).toEqual([100, 100, 0, 0]);
  });

  it('OBV trend uses a dead band of 0.25 x mean volume', () => {
    expect(classifyObvTrend(26, 100)).toBe('BULLISH');
    expect(classifyObvTrend(-26, 100)).toBe('BEARISH');
    expect(classifyObvTrend(25, 100)).toBe('NEUTRAL');
  });

  it('flags a breakout on a doubled volume with an up close', () => {
    const bars: Bar[] = Array.from({ length: 21 }, (_, i) => ({
      date: `2020-02-${String(i + 1).padStart(2, '0')}`,
      open: 10,
      high: 11,
      low: 9,
      close: i === 20 ? 10.5 : 10,
      volume: i === 20 ? 200 : 100,
    }));
    const analysis = computeVolumeAnalysis(bars);
    expect(analysis.volume_ratio_20d).toBeCloseTo(2, 12);
    expect(analysis.volume_surge_level).toBe('HIGH');
    expect(analysis.volume_breakout).toBe(true);
  });
});

describe('volume analysis against technicalindicators on real data', () => {
  let sp500: PriceSeries;
  let apple: PriceSeries;
  beforeAll(() => {
    sp500 = loadSp500Daily();
    apple = loadAaplDaily();
  });

  function checkAgainstLibrary(series: PriceSeries, asOf: string): ReturnType<typeof computeVolumeAnalysis> {
    const bars = trimBarsToDate(series.bars, asOf);
    const close = bars.map((bar) => bar.close);
    const volume = bars.map((bar) => bar.volume as number);
    const high = bars.map((bar) => bar.high as number);
    const low = bars.map((bar) => bar.low as number);
    // No bar of the window has high = low, where the library's convention (multiplier 1) differs from ours (0).
    expect(bars.slice(-21).every((bar) => (bar.high as number) > (bar.low as number))).toBe(true);

    const analysis = computeVolumeAnalysis(bars);
    // technicalindicators OBV starts at the second bar; our series starts at 0 on the first.
    const libraryObv = OBV.calculate({ close, volume });
    expect(computeOnBalanceVolume(close, volume).slice(1)).toEqual(libraryObv);
    expect(analysis.obv_slope_20d).toBeCloseTo(computeLeastSquaresSlope(libraryObv.slice(-20)), 4);

    // The library rounds the cumulative line to whole shares, so allow a few shares of difference.
    const libraryAdl = ADL.calculate({ high, low, close, volume });
    const libraryChange = (libraryAdl.at(-1) as number) - (libraryAdl.at(-21) as number);
    expect(Math.abs((analysis.accumulation_distribution as number) - libraryChange)).toBeLessThanOrEqual(1);

    const previous20 = volume.slice(-21, -1);
    expect(analysis.volume_ratio_20d).toBeCloseTo(
      (volume.at(-1) as number) / (previous20.reduce((sum, value) => sum + value, 0) / 20),
      12,
    );
    return analysis;
  }

  it('AAPL on 2016-01-04', () => {
    const analysis = checkAgainstLibrary(apple, '2016-01-04');
    expect(analysis.volume_ratio_20d).toBeCloseTo(1.58561, 4);
    expect(analysis.volume_surge_level).toBe('MODERATE');
    expect(analysis.volume_breakout).toBe(false);
    expect(analysis.obv_trend).toBe('BEARISH');
    expect(analysis.accumulation_distribution).toBeCloseTo(-1721803.35, 1);
  });

  it('S&P 500 on 2008-10-10', () => {
    const analysis = checkAgainstLibrary(sp500, '2008-10-10');
    expect(analysis.volume_ratio_20d).toBeCloseTo(1.62342, 4);
    expect(analysis.obv_trend).toBe('BEARISH');
    expect(analysis.accumulation_distribution_signal).toBe('DISTRIBUTION');
  });

  it('returns nulls and says why for a close-only series', () => {
    const analysis = computeVolumeAnalysis(loadBitcoinClose().bars);
    expect(analysis.volume_ratio_20d).toBeNull();
    expect(analysis.obv_trend).toBeNull();
    expect(analysis.accumulation_distribution).toBeNull();
    expect(analysis.data_note).toMatch(/no volume/);
  });
});
