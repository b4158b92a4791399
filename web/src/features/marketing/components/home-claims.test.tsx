import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { HomePage } from './home-page';

describe('home page: no claim without its measurement', () => {
  it('states no unmeasured performance figure and points to the measured record and its method', async () => {
    await renderWithProviders(<HomePage />);
    const record = screen.getByTestId('home-track-record');
    // The former claims (94 % accuracy, 67 % higher returns, 10K+ investors, 0 % victims) are gone.
    expect(document.body.textContent).not.toMatch(/94\s?%|67\s?%|10K\+|Speculation victims/);
    expect(screen.getByRole('link', { name: 'See the measured track record' }).getAttribute('href')).toBe(
      '/recommendations',
    );
    expect(screen.getByRole('link', { name: 'How it is measured' }).getAttribute('href')).toBe(
      '/methodology#track-record',
    );
    expect(record.textContent).toContain('the grades have not shown predictive power');
  });
});
