/**
 * Prints the full analysis of one symbol on one date from the replay data, so anyone can check a
 * figure: `npm run analyze -- SYMBOL [--as-of YYYY-MM-DD] [--json]`. Without --as-of, the last bar.
 */
import { render } from '../src/platform/messages';
import { analyzeSymbol } from '../src/engine/analytics/analyze-symbol';
import { selectFundamentalsAsOf } from '../src/engine/point-in-time';
import { loadSnapshotListings } from '../src/market-data/providers/replay/load-snapshot';
import {
  findSeries,
  loadReplayUniverse,
  selectDailySeries,
} from '../src/market-data/providers/replay/replay-universe';
import type { SymbolAnalysis } from '../src/engine/types';

interface CliArguments {
  symbol: string;
  asOf: string | null;
  json: boolean;
}

function parseArguments(argv: readonly string[]): CliArguments | string {
  let symbol: string | null = null;
  let asOf: string | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i] as string;
    if (argument === '--json') json = true;
    else if (argument === '--as-of') {
      asOf = argv[i + 1] ?? '';
      i += 1;
    } else if (argument.startsWith('--as-of=')) asOf = argument.slice('--as-of='.length);
    else if (argument.startsWith('--')) return `Unknown option ${argument}`;
    else if (symbol === null) symbol = argument;
    else return `Unexpected argument ${argument}`;
  }
  if (!symbol) return 'Missing SYMBOL';
  if (asOf !== null && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return `--as-of must be YYYY-MM-DD, got '${asOf}'`;
  return { symbol, asOf, json };
}

function formatNumber(value: number | null, decimals = 2): string {
  return value === null ? 'n/a' : value.toFixed(decimals);
}

function printReport(analysis: SymbolAnalysis, seriesNote: string): void {
  const { risk_metrics: risk, volume_analysis: volume, nugget_scores: nugget, recommendation } = analysis;
  console.log(`${analysis.symbol}  as of ${analysis.as_of} (price of ${analysis.price_date})  ${seriesNote}`);
  console.log(
    `price ${analysis.current_price}  asset type ${analysis.asset_type}  (historical replay, not live data)`,
  );
  console.log('\nrisk_metrics');
  console.log(
    `  volatility_1month  ${formatNumber(risk.volatility_1month)} %  (${risk.volatility_regime ?? 'n/a'})`,
  );
  console.log(
    `  momentum_1w/1m/3m  ${formatNumber(risk.momentum_1w)} / ${formatNumber(risk.momentum_1m)} / ${formatNumber(risk.momentum_3m)} %`,
  );
  console.log(`  max_drawdown       ${formatNumber(risk.max_drawdown)} %`);
  console.log(
    `  sharpe_estimation  ${formatNumber(risk.sharpe_estimation, 3)}  (annualised by ${risk.annualisation_factor})`,
  );
  console.log('\nvolume_analysis');
  if (volume.data_note) console.log(`  note: ${volume.data_note}`);
  console.log(
    `  volume_ratio_20d   ${formatNumber(volume.volume_ratio_20d, 3)}  (${volume.volume_surge_level ?? 'n/a'}), breakout ${String(volume.volume_breakout)}`,
  );
  console.log(
    `  obv_trend          ${volume.obv_trend ?? 'n/a'}  (slope ${formatNumber(volume.obv_slope_20d, 0)} per bar)`,
  );
  console.log(
    `  accumulation_distribution ${formatNumber(volume.accumulation_distribution, 0)}  (${volume.accumulation_distribution_signal ?? 'n/a'})`,
  );
  console.log('\nnugget_scores');
  console.log(
    `  investment_grade ${nugget.investment_grade}   composite_rationality_score ${nugget.composite_rationality_score}   data completeness ${nugget.data_completeness}`,
  );
  for (const factor of nugget.factors) {
    const components = factor.components
      .map(
        (component) =>
          `${component.name}=${component.value === null ? 'n/a' : Number(component.value.toFixed(4))}${component.score === null ? '' : `->${component.score}`}`,
      )
      .join(', ');
    console.log(
      `  ${factor.name.padEnd(17)} ${String(factor.score).padStart(5)}  [${factor.status}, weight ${factor.effective_weight}]  ${components}`,
    );
  }
  console.log(`  risk_reward_ratio ${nugget.risk_reward_ratio}`);
  for (const keyNugget of nugget.key_nuggets) console.log(`  - ${render(keyNugget.message, 'en')}`);
  console.log('\nrecommendation');
  console.log(
    `  ${recommendation.action}  target ${recommendation.target_price} (${recommendation.expected_return_6m} % in ${recommendation.timeframe})  confidence ${recommendation.confidence_score}`,
  );
}

function main(): number {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    console.error(`${parsed}\nUsage: npm run analyze -- SYMBOL [--as-of YYYY-MM-DD] [--json]`);
    return 2;
  }
  const universe = loadReplayUniverse();
  const dailySeries = selectDailySeries(universe);
  const series = findSeries(universe, parsed.symbol);
  if (!series || series.frequency !== 'daily') {
    const known = dailySeries.map((entry) => entry.id).join(', ');
    const reason = series
      ? `'${series.id}' is a monthly series; the engine's formulas are defined on daily bars.`
      : loadSnapshotListings().some((listing) => listing.symbol === parsed.symbol.toUpperCase())
        ? `'${parsed.symbol}' is only in the undated one-day screener snapshot; it has no price history to analyse.`
        : `Unknown symbol '${parsed.symbol}'.`;
    console.error(`${reason}\nSymbols with daily price history: ${known}.`);
    return 1;
  }
  const first = series.bars[0]?.date ?? '';
  const last = series.bars.at(-1)?.date ?? '';
  const asOf = parsed.asOf ?? last;
  if (asOf < first) {
    console.error(`${series.id} has data from ${first} to ${last}; nothing on or before ${asOf}.`);
    return 1;
  }
  const analysis = analyzeSymbol({
    symbol: series.id,
    bars: series.bars,
    fundamentals: selectFundamentalsAsOf(universe.fundamentalsBySymbol.get(series.ticker), asOf),
    assetType: series.asset_type,
    asOf,
  });
  if (parsed.json) {
    console.log(JSON.stringify({ ...analysis, source: series.source, mode: 'replay' }, null, 2));
  } else {
    const outside = asOf > last ? ` (after the end of the data: last price ${last})` : '';
    printReport(
      analysis,
      `[${series.source.package} ${series.source.file}, ${series.source.licence}]${outside}`,
    );
  }
  return 0;
}

process.exitCode = main();
