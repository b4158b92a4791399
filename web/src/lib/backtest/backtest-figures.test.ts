import { describe, expect, it } from 'vitest';
import generated from './backtest-figures.generated.json';
import committedJson from '../../../../docs/backtest/us-daily-2007-2017.json';
import series from './track-record-series.generated.json';
import {
  deriveBacktestFigures,
  deriveTrackRecordSeries,
  type UniverseBacktestJson,
} from './backtest-figures';

/*
 * The pages' figures are the committed backtest's: the generated file must equal what the
 * generator derives from docs/backtest/us-daily-2007-2017.json (rerun
 * `npm run generate:backtest-figures -w web` after `npm run backtest -- --out ...`).
 */
const committed = committedJson as unknown as UniverseBacktestJson;

describe('backtest figures of the pages', () => {
  it('are derived from the committed backtest JSON, unchanged', () => {
    expect(generated).toEqual(JSON.parse(JSON.stringify(deriveBacktestFigures(committed))));
    expect(series).toEqual(JSON.parse(JSON.stringify(deriveTrackRecordSeries(committed))));
    expect(series.month_ends).toHaveLength(127);
  });

  it('claim predictive power only when an out-of-sample A-minus-D spread reaches |t| >= 3', () => {
    const derived = deriveBacktestFigures(committed);
    const ts = ['1', '3', '6', '12'].map(
      (h) => committed.periods.out_of_sample.sorts.grade.horizons[h as '1'].long_short.t_statistic ?? 0,
    );
    expect(derived.predictive_out_of_sample).toBe(ts.some((t) => Math.abs(t) >= 3));
    const flipped = structuredClone(committed);
    flipped.periods.out_of_sample.sorts.grade.horizons['6'].long_short.t_statistic = 3.2;
    expect(deriveBacktestFigures(flipped).predictive_out_of_sample).toBe(true);
  });
});
