import type { AnalystIntent } from '@app/shared/domain/entities/analyst';
import { ASSET_TYPES } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { num, type AnswerBuilder } from './answer-builder';

/*
 * The analyst's template answers about the caller's portfolio (docs/product.md "The analyst"), read from
 * the portfolio fact sheet (portfolio/portfolio-fact-sheet.ts): each holding's grade, the riskiest by
 * its grade, the allocation by asset type and the largest position, the returns of each period.
 */

interface GradedPosition {
  key: string;
  symbol: string;
  grade: string;
  composite: number;
}

/** The held positions with a grade, from their `position.<key>.*` facts. */
function gradedPositions(builder: AnswerBuilder): GradedPosition[] {
  return [...builder.facts.keys()].flatMap((id) => {
    const match = /^position\.(.+)\.grade$/.exec(id);
    if (!match?.[1]) return [];
    const key = match[1];
    const grade = builder.text(id);
    const composite = builder.number(`position.${key}.composite`);
    if (grade === null || composite === null) return [];
    return [{ key, symbol: key.replaceAll('_', '.'), grade, composite }];
  });
}

function holdingGrades(builder: AnswerBuilder, positions: readonly GradedPosition[]): void {
  for (const position of positions) {
    builder.add([`position.${position.key}.grade`, `position.${position.key}.composite`], () =>
      message('ANALYST_HOLDING_GRADE', position),
    );
  }
}

function riskiest(builder: AnswerBuilder, positions: readonly GradedPosition[]): void {
  const lowest = [...positions].sort((a, b) => a.composite - b.composite)[0];
  if (!lowest) return;
  const id = `position.${lowest.key}`;
  builder.add([`${id}.grade`, `${id}.composite`, `${id}.value`], () =>
    message('ANALYST_RISKIEST_HOLDING', { ...lowest, value: num(builder, `${id}.value`) }),
  );
}

function allocation(builder: AnswerBuilder): void {
  builder.add(['portfolio.total_value', 'portfolio.asset_count'], () =>
    message('ANALYST_PORTFOLIO_VALUE', {
      value: num(builder, 'portfolio.total_value'),
      count: num(builder, 'portfolio.asset_count'),
    }),
  );
  for (const assetType of ASSET_TYPES) {
    const id = `allocation.${assetType}`;
    if ((builder.number(`${id}.count`) ?? 0) === 0) continue;
    builder.add([`${id}.percent`, `${id}.value`], () =>
      message('ANALYST_ALLOCATION_LINE', {
        assetType,
        percent: num(builder, `${id}.percent`),
        value: num(builder, `${id}.value`),
      }),
    );
  }
  builder.add(['concentration.largest_position_symbol', 'concentration.largest_position_percent'], () =>
    message('ANALYST_LARGEST_POSITION', {
      symbol: builder.text('concentration.largest_position_symbol') ?? '',
      percent: num(builder, 'concentration.largest_position_percent'),
    }),
  );
}

const RETURN_SENTENCES = [
  ['returns.1m.time_weighted', 'ANALYST_RETURN_1M'],
  ['returns.3m.time_weighted', 'ANALYST_RETURN_3M'],
  ['returns.ytd.time_weighted', 'ANALYST_RETURN_YTD'],
  ['returns.1y.time_weighted', 'ANALYST_RETURN_1Y'],
  ['returns.max.time_weighted', 'ANALYST_RETURN_MAX'],
] as const;

function returns(builder: AnswerBuilder): void {
  builder.add(['portfolio.total_gain'], () =>
    message('ANALYST_TOTAL_GAIN', { gain: num(builder, 'portfolio.total_gain') }),
  );
  for (const [id, code] of RETURN_SENTENCES) {
    builder.add([id], () => message(code, { change: num(builder, id) }));
  }
}

export function writePortfolioAnswer(intent: AnalystIntent, builder: AnswerBuilder): void {
  const positions = gradedPositions(builder);
  if ((builder.number('portfolio.asset_count') ?? 0) === 0 && intent !== 'help') {
    builder.say(message('ANALYST_EMPTY_PORTFOLIO'));
    return;
  }
  switch (intent) {
    case 'why_grade':
      return holdingGrades(builder, positions);
    case 'risk':
      return riskiest(builder, positions);
    case 'allocation':
      return allocation(builder);
    case 'returns':
      return returns(builder);
    case 'what_would_change':
    case 'momentum':
    case 'fundamentals':
      builder.say(message('ANALYST_SYMBOL_ONLY'));
      builder.say(message('ANALYST_HELP_PORTFOLIO'));
      return;
    case 'help':
      builder.say(message('ANALYST_HELP_PORTFOLIO'));
  }
}
