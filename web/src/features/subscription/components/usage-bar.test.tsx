import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { UsageBar } from './usage-bar';

describe('UsageBar', () => {
  it('shows used / limit with a bar coloured by the shared usage rule', async () => {
    await renderWithProviders(<UsageBar label="Portfolio Assets" used={2} limit={5} />);
    expect(screen.getByTestId('usage-value').textContent).toBe('2 / 5');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Portfolio Assets').closest('[data-colour]')?.getAttribute('data-colour')).toBe(
      'green',
    );
  });

  it('turns yellow from 70 % and red from 90 %', async () => {
    const { unmount } = await renderWithProviders(
      <UsageBar label="AI Recommendations" used={7} limit={10} />,
    );
    expect(screen.getByText('AI Recommendations').closest('[data-colour]')?.getAttribute('data-colour')).toBe(
      'yellow',
    );
    unmount();
    await renderWithProviders(<UsageBar label="Market Alerts" used={9} limit={10} />);
    expect(screen.getByText('Market Alerts').closest('[data-colour]')?.getAttribute('data-colour')).toBe(
      'red',
    );
  });

  it('shows the infinity sign and an empty bar for an unlimited quota (-1)', async () => {
    await renderWithProviders(<UsageBar label="Market Alerts" used={12} limit={-1} />);
    expect(screen.getByTestId('usage-value').textContent).toBe('12 / ∞');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('reads in French', async () => {
    await renderWithProviders(<UsageBar label="Actifs" used={1} limit={-1} />, { language: 'fr' });
    expect(screen.getByTestId('usage-value').textContent).toContain('∞');
  });
});
