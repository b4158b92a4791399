import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiredDialog } from '@/features/auth/components/session-expired-dialog';
import { TransactionForm } from '@/features/ledger/components/transaction-form';
import { signInWithPassword } from '@/kit/auth/password-sign-in';
import type * as SignInModule from '@/kit/auth/password-sign-in';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';

/** Lazy chunks and the fake server under a loaded CI machine: waits longer than Testing Library's 1 s. */
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/kit/auth/password-sign-in', async (importOriginal) => ({
  ...(await importOriginal<typeof SignInModule>()),
  signInWithPassword: vi.fn(async () => undefined),
}));

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => vi.mocked(signInWithPassword).mockClear());

/**
 * Issue 46: saving a transaction after the session expired sent the user to the home page and the input was
 * lost. The API's 401 now asks to sign in again over the page; the form keeps what was typed, and the
 * second save, with the new session, goes through.
 */
describe('an expired session while saving a transaction', () => {
  it('asks to sign in again in place, keeps the input, and saves once signed in', async () => {
    let sessionValid = false;
    const requests = installFakeApi((request) => {
      if (request.method !== 'POST' || request.path !== '/api/portfolio/transactions') return undefined;
      if (!sessionValid)
        return { status: 401, body: { error: 'Sign in to continue.', code: 'UNAUTHORIZED' } };
      return { status: 201, body: {} };
    });
    const leave = vi.fn();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await renderWithProviders(
      withQueryClient(
        <>
          <TransactionForm editing={null} latestDate="2017-01-03" onDone={() => undefined} />
          <SessionExpiredDialog onLeave={leave} />
        </>,
      ),
    );

    fireEvent.change(field('Symbol'), { target: { value: 'AAPL' } });
    fireEvent.change(field('Quantity'), { target: { value: '3' } });
    fireEvent.change(field('Price per unit'), { target: { value: '115.82' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the transaction' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' }, SLOW);
    expect(field('Symbol').value).toBe('AAPL');
    expect(field('Quantity').value).toBe('3');
    expect(field('Price per unit').value).toBe('115.82');
    expect(assign).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();

    sessionValid = true;
    fireEvent.change(field('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'Right-Password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false), SLOW);
    expect(signInWithPassword).toHaveBeenCalledWith('ana@example.com', 'Right-Password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the transaction' }));

    const saves = () => requests.filter((request) => request.method === 'POST');
    await waitFor(() => expect(saves()).toHaveLength(2), SLOW);
    expect(saves()[1]?.body).toMatchObject({ type: 'BUY', symbol: 'AAPL', quantity: 3, price: 115.82 });
    assign.mockRestore();
  });
});
