import type { AnalystIntent } from '@app/shared/domain/entities/analyst';
import { FactorNameSchema } from '@app/shared/domain/entities/score-history';
import { message } from '@app/shared/messages/message';
import { factsById, type AnalystSheet } from './analyst-sheet';
import { AnswerBuilder, num, type TemplateAnswer } from './answer-builder';
import { writePortfolioAnswer } from './template-portfolio';

export type { TemplateAnswer } from './answer-builder';

const FACTOR_NAMES_ORDER = FactorNameSchema.options;

/*
 * The analyst's default writer (docs/product.md "The analyst"): sentences chosen by the question's
 * intent, each a message whose numbers are facts of the sheet, passed as they are (the renderer
 * rounds them as the unit says) and cited by id. No text of these messages holds a digit of its own,
 * so every number a reader sees is a cited figure (the guard checks it, template-writer.test.ts).
 */

function addGrade(builder: AnswerBuilder, symbol: string): void {
  builder.add(['score.grade', 'score.composite'], () =>
    message('ANALYST_SYMBOL_GRADE', {
      symbol,
      grade: builder.text('score.grade') ?? '',
      composite: num(builder, 'score.composite'),
    }),
  );
}

function scoredFactors(builder: AnswerBuilder): { factor: string; score: number }[] {
  return FACTOR_NAMES_ORDER.flatMap((factor) => {
    const score = builder.number(`factor.${factor}.score`);
    return score === null ? [] : [{ factor, score }];
  });
}

function whyGrade(builder: AnswerBuilder, symbol: string): void {
  addGrade(builder, symbol);
  const factors = [...scoredFactors(builder)].sort((a, b) => b.score - a.score);
  const strongest = factors[0];
  const weakest = factors.at(-1);
  if (strongest) {
    builder.add([`factor.${strongest.factor}.score`], () =>
      message('ANALYST_FACTOR_STRONGEST', { factor: strongest.factor, score: strongest.score }),
    );
  }
  if (weakest && weakest !== strongest) {
    builder.add([`factor.${weakest.factor}.score`], () =>
      message('ANALYST_FACTOR_WEAKEST', { factor: weakest.factor, score: weakest.score }),
    );
  }
  shifts(builder, ['up'], 1);
}

/** The counterfactuals' reachable shifts of the given directions, at most `limit` of them. */
function shifts(builder: AnswerBuilder, directions: readonly ('up' | 'down')[], limit: number): number {
  let said = 0;
  for (const direction of directions) {
    for (const factor of FACTOR_NAMES_ORDER) {
      if (said >= limit) return said;
      const id = `counterfactual.${factor}`;
      const input = builder.text(`${id}.input`);
      const grade = builder.text(`${id}.${direction}.grade`);
      if (!input || !grade || builder.text(`${id}.${direction}.outcome`) !== 'reachable') continue;
      const unit = builder.facts.get(`${id}.current`)?.unit;
      const params = {
        grade,
        input,
        value: num(builder, `${id}.${direction}.value`),
        current: num(builder, `${id}.current`),
      };
      const added = builder.add([`${id}.${direction}.value`, `${id}.current`], () => {
        if (unit === 'signedPercent') return message('COUNTERFACTUAL_SIGNED_PERCENT', params);
        if (unit === 'percent') return message('COUNTERFACTUAL_PERCENT', params);
        return message('COUNTERFACTUAL_NUMBER', params);
      });
      if (added) said += 1;
    }
  }
  return said;
}

function whatWouldChange(builder: AnswerBuilder, symbol: string): void {
  addGrade(builder, symbol);
  if (shifts(builder, ['up', 'down'], FACTOR_NAMES_ORDER.length * 2) === 0) {
    builder.say(message('ANALYST_NO_CHANGE', { grade: builder.text('score.grade') ?? '' }));
  }
}

function risk(builder: AnswerBuilder): void {
  builder.add(['risk.level'], () => message('ANALYST_RISK_LEVEL', { level: num(builder, 'risk.level') }));
  const drawdown = builder.add(['risk.max_drawdown_1y'], () =>
    message('ANALYST_DRAWDOWN', { drawdown: num(builder, 'risk.max_drawdown_1y') }),
  );
  builder.add(['risk.volatility_1m'], () =>
    message('ANALYST_VOLATILITY', { volatility: num(builder, 'risk.volatility_1m') }),
  );
  if (!drawdown) builder.say(message('ANALYST_FULL_DETAIL_NEEDED'));
}

const MOMENTUM_SENTENCES = [
  ['momentum.1w.change', 'ANALYST_MOMENTUM_WEEK'],
  ['momentum.1m.change', 'ANALYST_MOMENTUM_MONTH'],
  ['momentum.3m.change', 'ANALYST_MOMENTUM_QUARTER'],
] as const;

function factorScore(builder: AnswerBuilder, factor: string): void {
  builder.add([`factor.${factor}.score`], () =>
    message('ANALYST_FACTOR_SCORE', { factor, score: num(builder, `factor.${factor}.score`) }),
  );
}

function momentum(builder: AnswerBuilder): void {
  factorScore(builder, 'momentum');
  const said = MOMENTUM_SENTENCES.filter(([id, code]) =>
    builder.add([id], () => message(code, { change: num(builder, id) })),
  );
  if (said.length === 0) builder.say(message('ANALYST_FULL_DETAIL_NEEDED'));
}

function fundamentals(builder: AnswerBuilder): void {
  factorScore(builder, 'financial_health');
  factorScore(builder, 'growth_quality');
  const prefix = 'fundamentals.latest';
  const year = builder.add([`${prefix}.fiscal_year`], () =>
    message('ANALYST_FISCAL_YEAR', { year: num(builder, `${prefix}.fiscal_year`) }),
  );
  builder.add([`${prefix}.total_revenue`], () =>
    message('ANALYST_REVENUE', { amount: num(builder, `${prefix}.total_revenue`) }),
  );
  builder.add([`${prefix}.net_income`], () =>
    message('ANALYST_NET_INCOME', { amount: num(builder, `${prefix}.net_income`) }),
  );
  builder.add([`${prefix}.profit_margin_pct`], () =>
    message('ANALYST_PROFIT_MARGIN', { margin: num(builder, `${prefix}.profit_margin_pct`) }),
  );
  if (!year) builder.say(message('ANALYST_FULL_DETAIL_NEEDED'));
}

function writeSymbolAnswer(intent: AnalystIntent, builder: AnswerBuilder, symbol: string): void {
  switch (intent) {
    case 'why_grade':
      return whyGrade(builder, symbol);
    case 'what_would_change':
      return whatWouldChange(builder, symbol);
    case 'risk':
      return risk(builder);
    case 'momentum':
      return momentum(builder);
    case 'fundamentals':
      return fundamentals(builder);
    case 'allocation':
    case 'returns':
      builder.say(message('ANALYST_PORTFOLIO_ONLY'));
      builder.say(message('ANALYST_HELP_SYMBOL'));
      return;
    case 'help':
      builder.say(message('ANALYST_HELP_SYMBOL'));
  }
}

/** The template answer to a question of `intent` about the sheet. */
export function writeTemplateAnswer(intent: AnalystIntent, sheet: AnalystSheet): TemplateAnswer {
  const builder = new AnswerBuilder(factsById(sheet));
  if (sheet.scope === 'portfolio') writePortfolioAnswer(intent, builder);
  else writeSymbolAnswer(intent, builder, sheet.subject);
  return builder.answer();
}
