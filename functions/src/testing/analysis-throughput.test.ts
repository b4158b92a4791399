import { describe, expect, it } from 'vitest';
import { buildBenchInputs, measureAnalysisThroughput } from './analysis-throughput';
import { loadReplayUniverse } from '../market-data/providers/replay/replay-universe';

describe('bench', () => {
  const universe = loadReplayUniverse();

  it('builds 500 three-year inputs from real series windows', () => {
    const inputs = buildBenchInputs(universe);
    expect(inputs).toHaveLength(500);
    expect(inputs.every((input) => input.bars.length === 756)).toBe(true);
    expect(new Set(inputs.map((input) => input.symbol)).size).toBe(500);
  });

  it('reports throughput figures', () => {
    const figures = measureAnalysisThroughput(universe, { symbols: 20, warmUpPasses: 0 });
    expect(figures.symbols).toBe(20);
    expect(figures.total_bars).toBe(20 * 756);
    expect(figures.symbols_per_second).toBeGreaterThan(0);
  });
});
