import type { FactorScore, RiskMetrics } from '../types';
import { buildFactor } from './factor-score';
import { scaleToScore } from './statistics';

/** The factors read from prices alone: momentum and risk (engine/README.md "Nugget scores"). */

export function scoreMomentum(risk: RiskMetrics): FactorScore {
  return buildFactor(
    'momentum',
    [
      // +/-20 % in a quarter, +/-10 % in a month, +/-5 % in a week: roughly two monthly sigmas of a
      // typical stock, so only a clear trend saturates the score.
      {
        name: 'momentum_3m',
        value: risk.momentum_3m,
        unit: 'percent',
        weight: 0.5,
        toScore: (v) => scaleToScore(v, -20, 20),
      },
      {
        name: 'momentum_1m',
        value: risk.momentum_1m,
        unit: 'percent',
        weight: 0.3,
        toScore: (v) => scaleToScore(v, -10, 10),
      },
      {
        name: 'momentum_1w',
        value: risk.momentum_1w,
        unit: 'percent',
        weight: 0.2,
        toScore: (v) => scaleToScore(v, -5, 5),
      },
    ],
    { momentum_1w: risk.momentum_1w, momentum_1m: risk.momentum_1m, momentum_3m: risk.momentum_3m },
    true,
  );
}

export function scoreRisk(risk: RiskMetrics): FactorScore {
  const swing = risk.momentum_3m === null ? null : Math.abs(risk.momentum_3m);
  return buildFactor(
    'risk',
    [
      // 10 % annual volatility is bond-like calm; 80 % is crypto or meme-stock territory.
      {
        name: 'volatility_1month',
        value: risk.volatility_1month,
        unit: 'percent',
        weight: 0.5,
        toScore: (v) => scaleToScore(v, 10, 80),
      },
      // A 50 % fall within a year (S&P 500 2008, BTC corrections) is the worst case we scale to.
      {
        name: 'max_drawdown',
        value: risk.max_drawdown,
        unit: 'percent',
        weight: 0.3,
        toScore: (v) => scaleToScore(v, 0, -50),
      },
      // A 60 % move in a quarter, up or down, is speculation whatever its direction (anti-hype).
      {
        name: 'speculative_swing_3m',
        value: swing,
        unit: 'percent',
        weight: 0.2,
        toScore: (v) => scaleToScore(v, 0, 60),
      },
    ],
    {
      volatility_1month: risk.volatility_1month,
      volatility_regime: risk.volatility_regime,
      max_drawdown: risk.max_drawdown,
      momentum_3m: risk.momentum_3m,
    },
    false,
  );
}
