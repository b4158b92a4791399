import { message, type Message } from '@app/shared/messages/message';
import type { Fact } from '@app/shared/domain/entities/fact-sheet';

/*
 * The name of each figure an analyst answer used (docs/product.md "The analyst"), from its fact id alone
 * (and, for a counterfactual, the input and grade facts beside it): the same label whether the
 * templates or a language model cited it.
 */

const FIXED: Readonly<Record<string, Message>> = {
  'score.grade': message('ANALYST_FIGURE_GRADE'),
  'score.composite': message('ANALYST_FIGURE_COMPOSITE'),
  'risk.level': message('ANALYST_FIGURE_RISK_LEVEL'),
  'risk.max_drawdown_1y': message('ANALYST_FIGURE_DRAWDOWN'),
  'risk.volatility_1m': message('ANALYST_FIGURE_VOLATILITY'),
  'momentum.1w.change': message('ANALYST_FIGURE_MOMENTUM_WEEK'),
  'momentum.1m.change': message('ANALYST_FIGURE_MOMENTUM_MONTH'),
  'momentum.3m.change': message('ANALYST_FIGURE_MOMENTUM_QUARTER'),
  'fundamentals.latest.fiscal_year': message('ANALYST_FIGURE_FISCAL_YEAR'),
  'fundamentals.latest.total_revenue': message('ANALYST_FIGURE_REVENUE'),
  'fundamentals.latest.net_income': message('ANALYST_FIGURE_NET_INCOME'),
  'fundamentals.latest.profit_margin_pct': message('ANALYST_FIGURE_PROFIT_MARGIN'),
  'portfolio.total_value': message('ANALYST_FIGURE_TOTAL_VALUE'),
  'portfolio.asset_count': message('ANALYST_FIGURE_ASSET_COUNT'),
  'portfolio.total_gain': message('ANALYST_FIGURE_TOTAL_GAIN'),
  'portfolio.composite': message('ANALYST_FIGURE_PORTFOLIO_COMPOSITE'),
  'concentration.largest_position_symbol': message('ANALYST_FIGURE_LARGEST_POSITION'),
  'concentration.largest_position_percent': message('ANALYST_FIGURE_LARGEST_PERCENT'),
};

const POSITION_LABELS = {
  grade: (symbol: string) => message('ANALYST_FIGURE_POSITION_GRADE', { symbol }),
  composite: (symbol: string) => message('ANALYST_FIGURE_POSITION_COMPOSITE', { symbol }),
  value: (symbol: string) => message('ANALYST_FIGURE_POSITION_VALUE', { symbol }),
  weight: (symbol: string) => message('ANALYST_FIGURE_POSITION_WEIGHT', { symbol }),
} as const;

function isPositionField(field: string): field is keyof typeof POSITION_LABELS {
  return Object.hasOwn(POSITION_LABELS, field);
}

function counterfactualLabel(parts: string[], facts: ReadonlyMap<string, Fact>): Message | null {
  const [, factor, direction, field] = parts;
  const input = facts.get(`counterfactual.${factor}.input`)?.value;
  if (typeof input !== 'string') return null;
  if (direction === 'current') return message('ANALYST_FIGURE_SHIFT_CURRENT', { input });
  const grade = facts.get(`counterfactual.${factor}.${direction}.grade`)?.value;
  if (field !== 'value' || typeof grade !== 'string') return null;
  return message('ANALYST_FIGURE_SHIFT', { input, grade });
}

function patternLabel(id: string, facts: ReadonlyMap<string, Fact>): Message | null {
  const parts = id.split('.');
  const [family, name, field, input] = parts;
  if (family === 'factor' && name && field === 'score') {
    return message('ANALYST_FIGURE_FACTOR_SCORE', { factor: name });
  }
  if (family === 'factor' && name && field === 'input' && input) {
    return message('ANALYST_FIGURE_FACTOR_INPUT', { factor: name, input });
  }
  if (family === 'position' && name && field && isPositionField(field)) {
    return POSITION_LABELS[field](name);
  }
  if (family === 'allocation' && name && field === 'percent') {
    return message('ANALYST_FIGURE_ALLOCATION', { assetType: name });
  }
  if (family === 'returns' && name && field === 'time_weighted') {
    return message('ANALYST_FIGURE_RETURN', { period: name.toUpperCase() });
  }
  if (family === 'counterfactual') return counterfactualLabel(parts, facts);
  return null;
}

/** A figure's name as a message; a figure without a name of its own is shown by its id. */
export function figureLabel(id: string, facts: ReadonlyMap<string, Fact>): Message {
  return FIXED[id] ?? patternLabel(id, facts) ?? message('ANALYST_FIGURE_OTHER', { id });
}
