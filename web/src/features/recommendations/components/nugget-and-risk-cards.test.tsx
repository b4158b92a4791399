import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { buildRecommendation } from '../test/fixtures';
import { NuggetCard } from './nugget-card';
import { VolumeRiskCard } from './volume-risk-card';

/** The <dd> of a figure labelled by the glossary (its label is a link to the glossary entry). */
function glossaryValueOf(term: string): HTMLElement {
  const value = document.querySelector(`[data-glossary-row="${term}"] dd`);
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${term}`);
  return value;
}

/** The <dd> of a labelled figure. */
function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

describe('NuggetCard', () => {
  it('colours scores at 80 green, 60 blue, 40 yellow, below red; risk reads on the 1-10 level', async () => {
    const { nugget_scores: withFactors } = buildRecommendation();
    const scores = { ...withFactors, factors: [] };
    await renderWithProviders(<NuggetCard scores={scores} />);

    expect(valueOf('Financial health').className).toContain('rec-tone--green');
    expect(valueOf('Growth quality').className).toContain('rec-tone--blue');
    expect(valueOf('Value').className).toContain('rec-tone--yellow');
    expect(valueOf('Momentum').className).toContain('rec-tone--red');
    // Risk score 30 / 10 = level 3, Low (up to 3): one risk scale, no second 0-100 risk score.
    expect(valueOf('Risk level').textContent).toBe('3/10 · Low');
    expect(screen.queryByText('Risk score')).toBeNull();
    expect(valueOf('Composite rationality score').className).toContain('rec-tone--blue');
  });

  it('risk level 6 (score 60) is Medium, 6.5 rounds to 7: High', async () => {
    const base = buildRecommendation().nugget_scores;
    const { unmount } = await renderWithProviders(<NuggetCard scores={{ ...base, risk_score: 60 }} />);
    expect(valueOf('Risk level').textContent).toBe('6/10 · Medium');
    unmount();
    await renderWithProviders(<NuggetCard scores={{ ...base, risk_score: 65 }} />);
    expect(valueOf('Risk level').textContent).toBe('7/10 · High');
  });

  it('reads "No data" for a factor the engine had no input for, not its neutral 50', async () => {
    // The fixture's value factor has no input (score null) although value_score carries a number.
    const { nugget_scores: scores } = buildRecommendation();
    await renderWithProviders(<NuggetCard scores={scores} />);

    expect(valueOf('Value').textContent).toBe('No data');
    expect(valueOf('Value').getAttribute('title')).toContain('left out of the composite score');
    expect(valueOf('Momentum').textContent).toBe('39.9');
  });

  it('repeats no sentence (they live once, in "Why this grade") and links to the methodology', async () => {
    const { nugget_scores: scores } = buildRecommendation();
    const { unmount } = await renderWithProviders(<NuggetCard scores={scores} />);
    expect(screen.queryByText('First insight')).toBeNull();
    expect(screen.getByTestId('how-computed').getAttribute('href')).toBe(
      '/methodology#how-scores-are-computed',
    );
    unmount();

    await renderWithProviders(<NuggetCard scores={scores} compact />);
    expect(screen.getByText('B+')).toBeTruthy();
    expect(screen.getByText('1.5')).toBeTruthy();
  });
});

describe('VolumeRiskCard', () => {
  it('applies every display threshold of docs/product.md: bar width, momentum, drawdown, Sharpe', async () => {
    const { volume_analysis: volume, risk_metrics: risk, nugget_scores: scores } = buildRecommendation();
    await renderWithProviders(<VolumeRiskCard volume={volume} risk={risk} scores={scores} />);

    // 25 x 2 = 50 %.
    expect(screen.getByTestId('volume-ratio-bar').getAttribute('aria-valuenow')).toBe('50');
    expect(glossaryValueOf('momentum_1w').className).toContain('rec-tone--green');
    expect(glossaryValueOf('momentum_1m').className).toContain('rec-tone--red');
    // Exactly 5 is not "over 5".
    expect(glossaryValueOf('momentum_3m').className).toContain('rec-tone--neutral');
    expect(glossaryValueOf('max_drawdown').className).toContain('rec-tone--red');
    expect(glossaryValueOf('sharpe_estimation').className).toContain('rec-tone--yellow');
    expect(glossaryValueOf('volume_surge_level').textContent).toBe('HIGH');
    // A running total of shares, with its unit: never a bare number.
    expect(glossaryValueOf('accumulation_distribution').textContent).toBe('1,000 shares');
  });

  it('caps the volume bar at 100 %, keeps a 30 % drawdown neutral, Sharpe above 1 green, 0 red', async () => {
    const { volume_analysis: volume, risk_metrics: risk, nugget_scores: scores } = buildRecommendation();
    const { unmount } = await renderWithProviders(
      <VolumeRiskCard
        volume={{ ...volume, volume_ratio_20d: 7 }}
        risk={{ ...risk, max_drawdown: -30, sharpe_estimation: 1.2 }}
        scores={scores}
      />,
    );
    expect(screen.getByTestId('volume-ratio-bar').getAttribute('aria-valuenow')).toBe('100');
    expect(glossaryValueOf('max_drawdown').className).toContain('rec-tone--neutral');
    expect(glossaryValueOf('sharpe_estimation').className).toContain('rec-tone--green');
    unmount();

    await renderWithProviders(
      <VolumeRiskCard
        volume={{ ...volume, volume_ratio_20d: null }}
        risk={{ ...risk, sharpe_estimation: 0 }}
        scores={scores}
      />,
    );
    expect(screen.getByTestId('volume-ratio-bar').getAttribute('aria-valuenow')).toBe('0');
    expect(glossaryValueOf('sharpe_estimation').className).toContain('rec-tone--red');
  });
});

describe('SharpeBesideGrade', () => {
  // The fixture's factors: momentum 58.3 with weight 0.375 adds 0.375 x 8.3 = 3.1 points; value has no data.
  it('explains a negative Sharpe beside a good grade by the factor carrying it', async () => {
    const { volume_analysis: volume, risk_metrics: risk, nugget_scores: scores } = buildRecommendation();
    await renderWithProviders(
      <VolumeRiskCard volume={volume} risk={{ ...risk, sharpe_estimation: -0.09 }} scores={scores} />,
    );
    expect(screen.getByTestId('sharpe-beside-grade').textContent).toBe(
      'The Sharpe ratio of -0.09 looks back one year (the price fell on average over that year) and is not part of the grade. Grade B+ rests mostly on Momentum (58.3 out of 100).',
    );
  });

  it('names a low risk on the 1-10 level when risk carries the grade', async () => {
    const { volume_analysis: volume, risk_metrics: risk, nugget_scores: base } = buildRecommendation();
    // Risk 20 counts as 80: 0.5 x (80 - 50) = 15 points, more than momentum's 0.5 x 8.3 = 4.2.
    const scores = {
      ...base,
      investment_grade: 'A' as const,
      factors: [
        { name: 'momentum', score: 58.3, weight: 0.5 },
        { name: 'risk', score: 20, weight: 0.5 },
      ],
    };
    await renderWithProviders(
      <VolumeRiskCard volume={volume} risk={{ ...risk, sharpe_estimation: -0.5 }} scores={scores} />,
    );
    expect(screen.getByTestId('sharpe-beside-grade').textContent).toContain(
      'Grade A rests mostly on its calm price: risk level 2 out of 10 (Low).',
    );
  });

  it('says nothing for a positive Sharpe or a grade below B+', async () => {
    const { volume_analysis: volume, risk_metrics: risk, nugget_scores: scores } = buildRecommendation();
    const { unmount } = await renderWithProviders(
      <VolumeRiskCard volume={volume} risk={{ ...risk, sharpe_estimation: 0.4 }} scores={scores} />,
    );
    expect(screen.queryByTestId('sharpe-beside-grade')).toBeNull();
    unmount();
    await renderWithProviders(
      <VolumeRiskCard
        volume={volume}
        risk={{ ...risk, sharpe_estimation: -0.4 }}
        scores={{ ...scores, investment_grade: 'B' }}
      />,
    );
    expect(screen.queryByTestId('sharpe-beside-grade')).toBeNull();
  });
});
