import { renderScreenerBench, type ScreenerBenchFigures } from '../screener';

/** Section 11: the screener's answer time for each filter over the whole graded universe. */
export function renderScreener(figures: ScreenerBenchFigures | undefined): string[] {
  const out = ['## 11. Screener: every filter over the graded universe (bench/screener.ts)', ''];
  if (!figures) return [...out, 'Not measured (see the failure above).', ''];
  return [...out, ...renderScreenerBench(figures), ''];
}
