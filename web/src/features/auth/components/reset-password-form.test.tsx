import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { ResetPasswordForm } from './reset-password-form';

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('ResetPasswordForm', () => {
  it('asks for a code, then sets the new password with it, and says when it is done', async () => {
    const requests = installFakeApi((request) => {
      if (request.path === '/api/auth/password-reset') return { body: { accepted: true } };
      if (request.path === '/api/auth/password-reset/confirm') return { body: { reset: true } };
      return undefined;
    });
    await renderWithProviders(withQueryClient(<ResetPasswordForm onBack={vi.fn()} />));

    fireEvent.change(field('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mail me a code' }));
    await screen.findByText(
      'If an account has this address, a code is on its way. It works once, for 15 minutes.',
    );
    fireEvent.change(field('Code from the mail'), { target: { value: '123456' } });
    fireEvent.change(field('New password'), { target: { value: 'Nugget-New-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));

    await screen.findByText('Your password is changed: sign in with it.');
    expect(requests.map((request) => [request.path, request.body])).toEqual([
      ['/api/auth/password-reset', { email: 'ada@example.test' }],
      [
        '/api/auth/password-reset/confirm',
        { email: 'ada@example.test', code: '123456', new_password: 'Nugget-New-9' },
      ],
    ]);
  });

  it("shows the API's refusal of a used code in the server's words", async () => {
    installFakeApi((request) =>
      request.path === '/api/auth/password-reset'
        ? { body: { accepted: true } }
        : {
            status: 400,
            body: { error: 'Code: this code is wrong, expired or already used.', code: 'VALIDATION_ERROR' },
          },
    );
    await renderWithProviders(withQueryClient(<ResetPasswordForm onBack={vi.fn()} />));
    fireEvent.change(field('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mail me a code' }));
    await screen.findByLabelText('Code from the mail', { exact: true });
    fireEvent.change(field('Code from the mail'), { target: { value: '000000' } });
    fireEvent.change(field('New password'), { target: { value: 'Nugget-New-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() =>
      expect(screen.getByTestId('auth-error').textContent).toBe(
        'Code: this code is wrong, expired or already used.',
      ),
    );
  });
});
