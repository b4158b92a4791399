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
    await renderWithProviders(
      <AdminLogin onSignIn={onSignIn} onSecondStep={vi.fn()} investorSiteUrl={INVESTOR_SITE} />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields');
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('refuses a signed-in user who is not an admin with the "Admin access required" message', async () => {
    const onSignIn = vi.fn().mockRejectedValue(new SignInError('missing-group'));
    await renderWithProviders(
      <AdminLogin onSignIn={onSignIn} onSecondStep={vi.fn()} investorSiteUrl={INVESTOR_SITE} />,
    );

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
    await renderWithProviders(
      <AdminLogin onSignIn={onSignIn} onSecondStep={vi.fn()} investorSiteUrl={INVESTOR_SITE} />,
      {
        language: 'fr',
      },
    );

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
      <AdminLogin
        onSignIn={vi.fn().mockRejectedValue(new Error('boom'))}
        onSecondStep={vi.fn()}
        investorSiteUrl={INVESTOR_SITE}
      />,
    );

    fillAndSubmit('admin@nugget.local', 'NuggetAdmin1');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.'),
    );
  });

  it('asks for the authenticator code after a right password, and says when the code is wrong', async () => {
    const onSignIn = vi.fn().mockResolvedValue({ kind: 'code' });
    const onSecondStep = vi.fn().mockRejectedValue(new SignInError('totp-wrong'));
    await renderWithProviders(
      <AdminLogin onSignIn={onSignIn} onSecondStep={onSecondStep} investorSiteUrl={INVESTOR_SITE} />,
    );

    fillAndSubmit('admin@example.test', 'Admin-Password-1');
    fireEvent.change(await screen.findByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That code did not work. Enter the code your app shows now.',
      ),
    );
    expect(onSecondStep).toHaveBeenCalledWith({ kind: 'code' }, '123456');
  });

  it('shows the key and the otpauth link once to an admin without an app, then asks for its code', async () => {
    const step = { kind: 'enrol', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', setupUri: 'otpauth://totp/x' };
    const onSecondStep = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(
      <AdminLogin
        onSignIn={vi.fn().mockResolvedValue(step)}
        onSecondStep={onSecondStep}
        investorSiteUrl={INVESTOR_SITE}
      />,
      { language: 'es' },
    );

    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'a@example.test' } });
    fireEvent.change(screen.getByLabelText('Contraseña', { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('Configure su aplicación de autenticación')).toBeTruthy();
    expect((screen.getByTestId('totp-secret') as HTMLInputElement).value).toBe(step.secret);
    expect(
      screen.getByRole('link', { name: 'Abrir en la aplicación de autenticación' }).getAttribute('href'),
    ).toBe(step.setupUri);
    fireEvent.change(screen.getByLabelText('Código de autenticación'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar e iniciar sesión' }));
    await waitFor(() => expect(onSecondStep).toHaveBeenCalledWith(step, '654321'));
  });
});
