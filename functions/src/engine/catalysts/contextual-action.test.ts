import { describe, expect, it } from 'vitest';
import { decideContextualAction } from './contextual-recommendation';

/*
 * Issue 45: a label agrees with the numbers beside it. The card shows the engine's target and expected
 * return next to the action, so an "Avoid" needs a negative view (expected return below 0, target
 * below the price) and a "Buy" a positive one; otherwise the news only says "Watch".
 */
describe('the contextual action beside the engine target', () => {
  it('avoids on bad news only when the engine expects a fall', () => {
    expect(decideContextualAction('C', 'negative', 70, -4.2)).toBe('AVOID');
    expect(decideContextualAction('B', 'negative', 70, -0.5)).toBe('AVOID');
    // Grade C with a positive expected return (composite just above 50): bad news, but no negative view.
    expect(decideContextualAction('C', 'negative', 70, 1.3)).toBe('WATCH');
    expect(decideContextualAction('B', 'negative', 70, 6.8)).toBe('WATCH');
    expect(decideContextualAction('D', 'negative', 90, 0)).toBe('WATCH');
  });

  it('buys on good news only when the engine expects a rise', () => {
    expect(decideContextualAction('A', 'positive', 90, 8)).toBe('STRONG_BUY');
    expect(decideContextualAction('B+', 'positive', 70, 3)).toBe('BUY');
    expect(decideContextualAction('A', 'positive', 90, -1)).toBe('WATCH');
    expect(decideContextualAction('B', 'positive', 70, 0)).toBe('WATCH');
  });

  it('leaves the other cells of the table as they are', () => {
    expect(decideContextualAction('A', 'neutral', 50, 5)).toBe('HOLD');
    expect(decideContextualAction('C', 'neutral', 50, -5)).toBe('WATCH');
    expect(decideContextualAction('A+', 'negative', 90, 5)).toBe('WATCH');
  });
});
