import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { TwoFactorSection } from './two-factor-section';

/** Lazy chunks and the fake server under a loaded CI machine: waits longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'JBSWY3DPEHPK3PXP';

vi.mock('@/kit/auth/amplify-auth', () => ({
  loadAmplifyAuth: async () => ({
    fetchMFAPreference: async () => ({ enabled: [] }),
    setUpTOTP: async () => ({
      sharedSecret: SECRET,
      getSetupUri: (issuer: string, account: string) =>
        new URL(
          `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${SECRET}&issuer=${issuer}`,
        ),
    }),
  }),
}));

/** The dark cells of the code, read back from the picture's path ("M<x> <y>h1v1h-1z" per cell). */
function darkCells(svg: Element): Set<string> {
  const path = svg.querySelector('path[data-testid="totp-qr-modules"]')?.getAttribute('d') ?? '';
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((match) => `${match[1]},${match[2]}`));
}

/** A QR finder pattern at (left, top): a dark 7x7 ring, a light ring, a dark 3x3 core (ISO/IEC 18004). */
function isFinderAt(cells: Set<string>, left: number, top: number): boolean {
  for (let y = 0; y < 7; y += 1)
    for (let x = 0; x < 7; x += 1) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      const dark = ring !== 2;
      if (cells.has(`${left + x},${top + y}`) !== dark) return false;
    }
  return true;
}

describe('TwoFactorSection', () => {
  it('shows a QR code of the set-up link with the key while enrolling (issue 46: there was none)', async () => {
    await renderWithProviders(withQueryClient(<TwoFactorSection email="ana@example.com" />));

    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }, SLOW));

    const picture = await screen.findByRole('img', { name: /QR code/ }, SLOW);
    const size = Number(picture.getAttribute('data-modules'));
    // A QR code is 21 + 4k modules wide; an otpauth link of about 90 characters needs more than version 1.
    expect((size - 21) % 4).toBe(0);
    expect(size).toBeGreaterThan(21);
    const cells = darkCells(picture);
    expect(isFinderAt(cells, 0, 0)).toBe(true);
    expect(isFinderAt(cells, size - 7, 0)).toBe(true);
    expect(isFinderAt(cells, 0, size - 7)).toBe(true);
    expect(isFinderAt(cells, size - 7, size - 7)).toBe(false);
    expect((screen.getByTestId('totp-secret') as HTMLInputElement).value).toBe(SECRET);
  });
});
