import { formatCurrency } from '@app/shared/domain/rules/formatting';
import { render } from '../platform/messages';
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '@app/shared/domain/entities/alert-rules';
import type { Grade } from '@app/shared/domain/enums';
import type { ScoredCatalyst } from './catalysts/build-catalyst';
import type { SymbolSnapshot } from './catalysts/user-alerts';
import { evaluateAlertRule } from './alert-rules';

const NOW = new Date('2026-03-02T21:00:00Z');

function rule(overrides: Partial<AlertRule>): AlertRule {
  return {
    id: '01JRULE0000000000000000000',
    symbol: 'AAPL',
    kind: 'price_above',
    level: null,
    percent: null,
    status: 'active',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    last_triggered_at: null,
    baseline_grade: null,
    ...overrides,
  };
}

/** Only the fields the rules read: the quote's prices and date, and the grade. */
function snapshot(previousClose: number, price: number, grade: Grade = 'B'): SymbolSnapshot {
  const change = Math.round(((price - previousClose) / previousClose) * 10000) / 100;
  return {
    quote: {
      symbol: 'AAPL',
      price,
      previous_close: previousClose,
      change_percent: change,
      as_of: '2026-03-02',
    },
    analysis: { nugget_scores: { investment_grade: grade } },
  } as unknown as SymbolSnapshot;
}

const evaluate = (alertRule: AlertRule, snap: SymbolSnapshot, catalysts: ScoredCatalyst[] = []) =>
  evaluateAlertRule({ userId: 'user-1', rule: alertRule, snapshot: snap, catalysts, now: NOW });

describe('evaluateAlertRule', () => {
  it.each([
    // previous close, price, level, fires: crossed upwards on this bar only
    [99, 101, 100, true],
    [99, 100, 100, true],
    [100, 101, 100, false], // already at the level before the bar
    [101, 102, 100, false],
    [98, 99, 100, false],
  ])('price_above: %s -> %s against %s fires: %s', (previous, price, level, fires) => {
    const result = evaluate(rule({ kind: 'price_above', level }), snapshot(previous, price));

    expect(result.alert !== null).toBe(fires);
  });

  it.each([
    [101, 99, 100, true],
    [101, 100, 100, true],
    [100, 99, 100, false],
    [102, 101, 100, false],
  ])('price_below: %s -> %s against %s fires: %s', (previous, price, level, fires) => {
    const result = evaluate(rule({ kind: 'price_below', level }), snapshot(previous, price));

    expect(result.alert !== null).toBe(fires);
  });

  it.each([
    // 100 -> 104 is +4.00 %, 100 -> 96.5 is -3.50 %
    [104, 4, true],
    [104, 4.01, false],
    [96.5, 3.5, true],
    [96.5, 3.6, false],
  ])('daily_move: 100 -> %s against %s %% fires: %s', (price, percent, fires) => {
    const result = evaluate(rule({ kind: 'daily_move', percent }), snapshot(100, price));

    expect(result.alert !== null).toBe(fires);
  });

  it('words the price alert in three languages and keys it by rule and bar', () => {
    const first = evaluate(rule({ kind: 'price_above', level: 100 }), snapshot(99, 101));
    const again = evaluate(rule({ kind: 'price_above', level: 100 }), snapshot(99, 101));

    expect(first.alert).toMatchObject({ type: 'price_alert', severity: 'high', asset: 'AAPL' });
    const message = first.alert?.message;
    if (!message) throw new Error('the rule should have fired');
    expect(render(message, 'en')).toContain('rose above your level of $100.00');
    // Prices are shown as each language's site shows a dollar amount (shared formatCurrency).
    expect(render(message, 'fr')).toContain(`au-dessus de votre seuil de ${formatCurrency(100, 'fr')}`);
    expect(render(message, 'es')).toContain(`por encima de su nivel de ${formatCurrency(100, 'es')}`);
    expect(again.alert?.id).toBe(first.alert?.id);
  });

  it('grade_change: the first evaluation only records the grade, a later different grade fires', () => {
    const first = evaluate(rule({ kind: 'grade_change' }), snapshot(100, 100, 'B'));
    const same = evaluate(rule({ kind: 'grade_change', baseline_grade: 'B' }), snapshot(100, 100, 'B'));
    const changed = evaluate(rule({ kind: 'grade_change', baseline_grade: 'B' }), snapshot(100, 100, 'A'));

    expect(first).toEqual({ alert: null, day: null, baselineGrade: 'B' });
    expect(same.alert).toBeNull();
    expect(changed.baselineGrade).toBe('A');
    expect(changed.alert && render(changed.alert.message, 'en')).toBe(
      'AAPL is now graded A (was B) as of Mar 2, 2026. Read what changed before acting.',
    );
  });

  it('high_impact_catalyst: fires for an impact above 80 about the symbol, not 80 itself', () => {
    const catalyst = (impact: number, symbol = 'AAPL') =>
      ({
        catalyst: {
          symbol,
          tickers_mentioned: [],
          impact_score: impact,
          title: `Headline ${impact}`,
          event_type: 'earnings',
          sentiment_label: 'negative',
          published_date: '2026-03-02T13:00:00.000Z',
        },
      }) as unknown as ScoredCatalyst;

    const fires = evaluate(rule({ kind: 'high_impact_catalyst' }), snapshot(100, 100), [
      catalyst(85),
      catalyst(90, 'MSFT'),
    ]);
    const quiet = evaluate(rule({ kind: 'high_impact_catalyst' }), snapshot(100, 100), [catalyst(80)]);

    expect(fires.alert).toMatchObject({
      title: { code: 'ALERT_CATALYST_TITLE', params: { headline: 'Headline 85' } },
      type: 'earnings',
      severity: 'high',
    });
    expect(quiet.alert).toBeNull();
  });
});
