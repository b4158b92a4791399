import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { buildRecommendation } from '../test/fixtures';
import { NuggetCard } from './nugget-card';
import { VolumeRiskCard } from './volume-risk-card';

/** The <dd> of a labelled figure. */
function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

describe('NuggetCard', () => {
  it('colours scores at 80 green, 60 blue, 40 yellow, below red, and risk up to 30 green', async () => {
    const { nugget_scores: withFactors } = buildRecommendation();
    const scores = { ...withFactors, factors: [] };
    await renderWithProviders(<NuggetCard scores={scores} />);

    expect(valueOf('Financial health').className).toContain('rec-tone--green');
    expect(valueOf('Growth quality').className).toContain('rec-tone--blue');
    expect(valueOf('Value').className).toContain('rec-tone--yellow');
    expect(valueOf('Momentum').className).toContain('rec-tone--red');
    expect(valueOf('Risk score').className).toContain('rec-tone--green');
    expect(valueOf('Composite rationality score').className).toContain('rec-tone--blue');
  });

  it('colours risk above 30 yellow and above 60 red', async () => {
    const base = buildRecommendation().nugget_scores;
    const { unmount } = await renderWithProviders(<NuggetCard scores={{ ...base, risk_score: 60 }} />);
    expect(valueOf('Risk score').className).toContain('rec-tone--yellow');
    unmount();
    await renderWithProviders(<NuggetCard scores={{ ...base, risk_score: 60.1 }} />);
    expect(valueOf('Risk score').className).toContain('rec-tone--red');
  });

  it('reads "No data" for a factor the engine had no input for, not its neutral 50', async () => {
    // The fixture's value factor has no input (score null) although value_score carries a number.
    const { nugget_scores: scores } = buildRecommendation();
    await renderWithProviders(<NuggetCard scores={scores} />);

    expect(valueOf('Value').textContent).toBe('No data');
    expect(valueOf('Value').getAttribute('title')).toContain('left out of the composite score');
    expect(valueOf('Momentum').textContent).toBe('39.9');
  });

  it('shows only the first two key insights, and none in the compact form', async () => {
    const { nugget_scores: scores } = buildRecommendation();
    const { unmount } = await renderWithProviders(<NuggetCard scores={scores} />);
    expect(screen.getByText('First insight')).toBeTruthy();
    expect(screen.getByText('Second insight')).toBeTruthy();
    expect(screen.queryByText('Third insight')).toBeNull();
    unmount();

    await renderWithProviders(<NuggetCard scores={scores} compact />);
    expect(screen.queryByText('First insight')).toBeNull();
    expect(screen.getByText('B+')).toBeTruthy();
    expect(screen.getByText('1.5')).toBeTruthy();
  });
});

describe('VolumeRiskCard', () => {
  it('applies every part 2 section 9 threshold: bar width, momentum, drawdown, Sharpe', async () => {
    const { volume_analysis: volume, risk_metrics: risk } = buildRecommendation();
    await renderWithProviders(<VolumeRiskCard volume={volume} risk={risk} />);

    // 25 x 2 = 50 %.
    expect(screen.getByTestId('volume-ratio-bar').getAttribute('aria-valuenow')).toBe('50');
    expect(valueOf('Momentum 1W').className).toContain('rec-tone--green');
    expect(valueOf('Momentum 1M').className).toContain('rec-tone--red');
    // Exactly 5 is not "over 5".
    expect(valueOf('Momentum 3M').className).toContain('rec-tone--neutral');
    expect(valueOf('Max drawdown').className).toContain('rec-tone--red');
    expect(valueOf('Sharpe estimate').className).toContain('rec-tone--yellow');
    expect(valueOf('Surge level').textContent).toBe('HIGH');
  });

  it('caps the volume bar at 100 %, keeps a 30 % drawdown neutral, Sharpe above 1 green, 0 red', async () => {
    const { volume_analysis: volume, risk_metrics: risk } = buildRecommendation();
    const { unmount } = await renderWithProviders(
      <VolumeRiskCard
        volume={{ ...volume, volume_ratio_20d: 7 }}
        risk={{ ...risk, max_drawdown: -30, sharpe_estimation: 1.2 }}
      />,
    );
    expect(screen.getByTestId('volume-ratio-bar').getAttribute('aria-valuenow')).toBe('100');
    expect(valueOf('Max drawdown').className).toContain('rec-tone--neutral');
    expect(valueOf('Sharpe estimate').className).toContain('rec-tone--green');
    unmount();

    await renderWithProviders(
      <VolumeRiskCard
        volume={{ ...volume, volume_ratio_20d: null }}
        risk={{ ...risk, sharpe_estimation: 0 }}
      />,
    );
    expect(screen.getByTestId('volume-ratio-bar').getAttribute('aria-valuenow')).toBe('0');
    expect(valueOf('Sharpe estimate').className).toContain('rec-tone--red');
  });
});
