import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { EmailSection } from './email-section';

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const saved = {
  id: 'user-1',
  email: 'new@example.test',
  first_name: 'Ada',
  last_name: '',
  role: 'USER',
  subscription_tier: 'FREE',
  language: 'en',
  theme: 'dark',
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('EmailSection', () => {
  it('mails a code to the new address, then confirms it with the code', async () => {
    const requests = installFakeApi((request) => {
      if (request.path === '/api/auth/email-change') return { body: { accepted: true } };
      if (request.path === '/api/auth/email-change/confirm') return { body: saved };
      return undefined;
    });
    await renderWithProviders(withQueryClient(<EmailSection email="old@example.test" />));
    expect(screen.getByText('You sign in with old@example.test.')).toBeTruthy();

    fireEvent.change(field('New e-mail address'), { target: { value: 'new@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mail a code to the new address' }));
    await screen.findByText(/^A code is on its way to new@example\.test\. It works once, for 15 minutes\./);
    fireEvent.change(field('Code from the mail'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/api/auth/email-change', { new_email: 'new@example.test' }],
      ['/api/auth/email-change/confirm', { code: '123456' }],
    ]);
    // Back to the first step once the address is changed.
    await screen.findByLabelText('New e-mail address', { exact: true });
  });

  it("shows the API's refusal (an address another account has) in the server's words", async () => {
    installFakeApi(() => ({
      status: 409,
      body: { error: 'This e-mail address already belongs to an account.', code: 'CONFLICT' },
    }));
    await renderWithProviders(withQueryClient(<EmailSection email="old@example.test" />));
    fireEvent.change(field('New e-mail address'), { target: { value: 'taken@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mail a code to the new address' }));
    await waitFor(() =>
      expect(screen.getByTestId('email-error').textContent).toBe(
        'This e-mail address already belongs to an account.',
      ),
    );
  });
});
