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
  it('asks for the current password with the new address, then confirms it with the code', async () => {
    const requests = installFakeApi((request) => {
      if (request.path === '/api/auth/email-change') return { body: { accepted: true } };
      if (request.path === '/api/auth/email-change/confirm') return { body: saved };
      return undefined;
    });
    await renderWithProviders(withQueryClient(<EmailSection email="old@example.test" />));
    expect(screen.getByText('You sign in with old@example.test.')).toBeTruthy();

    fireEvent.change(field('New e-mail address'), { target: { value: 'new@example.test' } });
    fireEvent.change(field('Your current password'), { target: { value: 'Ada-Lovelace-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mail a code to the new address' }));
    // The page cannot tell whether the address has an account: it says a mail went, not a code.
    await screen.findByText(/^We mailed new@example\.test\. If the address can be used, .* for 15 minutes\./);
    fireEvent.change(field('Code from the mail'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the new address' }));

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/api/auth/email-change', { new_email: 'new@example.test', current_password: 'Ada-Lovelace-1' }],
      ['/api/auth/email-change/confirm', { code: '123456' }],
    ]);
    // Back to the first step once the address is changed.
    await screen.findByLabelText('New e-mail address', { exact: true });
  });

  it("shows the API's refusal (a wrong current password) in the server's words and stays on the first step", async () => {
    installFakeApi(() => ({
      status: 400,
      body: { error: 'Current password: the current password is not correct.', code: 'VALIDATION_FAILED' },
    }));
    await renderWithProviders(withQueryClient(<EmailSection email="old@example.test" />));
    fireEvent.change(field('New e-mail address'), { target: { value: 'new@example.test' } });
    fireEvent.change(field('Your current password'), { target: { value: 'Not-It-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mail a code to the new address' }));
    await waitFor(() => expect(screen.getByTestId('email-error').textContent).toContain('current password'));
    expect(field('New e-mail address').value).toBe('new@example.test');
  });
});
