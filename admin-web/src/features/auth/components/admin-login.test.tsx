import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignInError } from '@app/web/kit/password-sign-in';
import { renderWithProviders } from '@app/web/kit/test/render';
import { AdminLogin } from './admin-login';

const INVESTOR_SITE = 'http://127.0.0.1:3000';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('AdminLogin', () => {
  it('asks for both fields before calling Cognito', async () => {
    const onSignIn = vi.fn();
    await renderWithProviders(<AdminLogin onSignIn={onSignIn} investorSiteUrl={INVESTOR_SITE} />);

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields');
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('refuses a signed-in user who is not an admin with the "Admin access required" message', async () => {
    const onSignIn = vi.fn().mockRejectedValue(new SignInError('missing-group'));
    await renderWithProviders(<AdminLogin onSignIn={onSignIn} investorSiteUrl={INVESTOR_SITE} />);

    fillAndSubmit('demo@nugget.local', 'NuggetDemo1');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Admin access required. Please contact support if you need admin privileges.',
      ),
    );
    expect(onSignIn).toHaveBeenCalledWith('demo@nugget.local', 'NuggetDemo1');
  });

  it('says so in French too', async () => {
    const onSignIn = vi.fn().mockRejectedValue(new SignInError('missing-group'));
    await renderWithProviders(<AdminLogin onSignIn={onSignIn} investorSiteUrl={INVESTOR_SITE} />, {
      language: 'fr',
    });

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'demo@nugget.local' } });
    fireEvent.change(screen.getByLabelText('Mot de passe', { selector: 'input' }), {
      target: { value: 'x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/^Accès administrateur requis/),
    );
  });

  it('shows an unexpected failure with the generic message', async () => {
    await renderWithProviders(
      <AdminLogin onSignIn={vi.fn().mockRejectedValue(new Error('boom'))} investorSiteUrl={INVESTOR_SITE} />,
    );

    fillAndSubmit('admin@nugget.local', 'NuggetAdmin1');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.'),
    );
  });

  it('shows the demo admin credentials only when the configuration provides them', async () => {
    const { unmount } = await renderWithProviders(
      <AdminLogin onSignIn={vi.fn()} investorSiteUrl={INVESTOR_SITE} />,
    );
    expect(screen.queryByTestId('demo-credentials')).toBeNull();
    unmount();

    await renderWithProviders(
      <AdminLogin
        onSignIn={vi.fn()}
        investorSiteUrl={INVESTOR_SITE}
        demoAdmin={{ email: 'admin@nugget.local', password: 'NuggetAdmin1' }}
      />,
    );

    const block = screen.getByTestId('demo-credentials');
    expect(block.textContent).toContain('Email: admin@nugget.local');
    expect(block.textContent).toContain('Password: NuggetAdmin1');
  });
});
