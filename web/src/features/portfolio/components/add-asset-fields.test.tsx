import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { HoldingFields } from './add-asset-fields';

/* Issue 45: Bitcoin is held in coins, not "shares"; a stock keeps its shares. */
const values = { shares: '', purchasePrice: '', purchaseDate: '2017-01-01' };

async function renderFields(assetType: 'stock' | 'crypto' | null, language: 'en' | 'fr' | 'es') {
  await renderWithProviders(
    <HoldingFields
      values={values}
      onEdit={() => undefined}
      latestDate="2017-01-01"
      replayDate={null}
      assetType={assetType}
    />,
    { language },
  );
}

describe('HoldingFields', () => {
  it.each([
    ['en', 'Number of coins', 'Price per coin'],
    ['fr', 'Nombre d’unités', 'Prix par unité'],
    ['es', 'Número de unidades', 'Precio por unidad'],
  ] as const)('asks for coins of a crypto asset in %s', async (language, label, placeholder) => {
    await renderFields('crypto', language);
    expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByPlaceholderText(placeholder)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/shares|actions|acciones/i);
  });

  it('asks for shares of a stock, and before any asset is chosen', async () => {
    await renderFields('stock', 'en');
    expect(screen.getByLabelText('Number of shares')).toBeTruthy();
  });
});
