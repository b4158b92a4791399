import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortfolioAsset } from '@app/shared/domain/entities/portfolio';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { RemoveHoldingButton } from './remove-holding';

/* Issue 45: Bitcoin is counted in coins, not shares, in the confirmation too. */
const bitcoin = {
  symbol: 'BTC-USD',
  name: 'Bitcoin',
  asset_type: 'crypto',
  shares: 0.5,
} as unknown as PortfolioAsset;

describe('RemoveHoldingButton', () => {
  it.each([
    ['en', 'Remove', 'Bitcoin (0.5 coins) leaves your portfolio'],
    ['fr', 'Retirer', 'Bitcoin (0,5 unités) quitte votre portefeuille'],
  ] as const)('counts a crypto holding in coins (%s)', async (language, button, text) => {
    installFakeApi(() => undefined);
    await renderWithProviders(withQueryClient(<RemoveHoldingButton asset={bitcoin} />), { language });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
    expect((await screen.findByTestId('remove-confirm')).textContent).toContain(text);
  });
});
