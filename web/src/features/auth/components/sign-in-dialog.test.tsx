import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import type * as SignInModule from '@/kit/auth/password-sign-in';
import { SignInError, signInWithPassword } from '@/kit/auth/password-sign-in';
import { isNewAccount } from '@/lib/new-account';
import SignInDialog from './sign-in-dialog';

vi.mock('@/kit/auth/password-sign-in', async (importOriginal) => ({
  ...(await importOriginal<typeof SignInModule>()),
  signInWithPassword: vi.fn(),
}));

const ADMIN_SITE = 'http://127.0.0.1:3001';

const NEW_USER = {
  id: 'new-user-1',
  email: 'lea@example.com',
  first_name: 'Léa',
  last_name: '',
  role: 'USER',
  subscription_tier: 'FREE',
  language: 'en',
  theme: 'dark',
  created_at: '2026-11-24T08:00:00.000Z',
};

async function renderDialog(language: 'en' | 'fr' | 'es' = 'en') {
  const onSignedIn = vi.fn();
  const onDemo = vi.fn();
  const view = await renderWithProviders(
    withQueryClient(
      <SignInDialog
        open
        adminSiteUrl={ADMIN_SITE}
        onClose={vi.fn()}
        onSignedIn={onSignedIn}
        onDemo={onDemo}
      />,
    ),
    { language },
  );
  return { ...view, onSignedIn, onDemo };
}

function field(label: RegExp | string) {
  return screen.getByLabelText(label, { selector: 'input' });
}

function submit(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** The sign-up form of the Spanish dialog, filled with a valid first step and sent. */
function signUpInSpanish() {
  fireEvent.click(screen.getByRole('tab', { name: 'Registrarse' }));
  fireEvent.change(field('Nombre'), { target: { value: 'Paz' } });
  fireEvent.change(field(/^Correo/), { target: { value: 'paz@example.com' } });
  fireEvent.change(field('Contraseña'), { target: { value: 'Hola-mundo-1' } });
  fireEvent.change(field(/^Confirm/), { target: { value: 'Hola-mundo-1' } });
  submit('Crear cuenta');
}

describe('SignInDialog', () => {
  beforeEach(() => {
    vi.mocked(signInWithPassword).mockReset();
    // No test here gets as far as registering: every request is unexpected.
    installFakeApi(() => undefined);
  });

  it('asks for every field on an empty sign-in, and clears the error on the next edit', async () => {
    await renderDialog();

    submit('Sign In');

    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'Please fill in all fields');
    fireEvent.change(field('Email'), { target: { value: 'a' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('shows the sign-up messages in order: required, match, the password policy', async () => {
    await renderDialog();
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));

    submit('Create Account');
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');

    fireEvent.change(field('First name'), { target: { value: 'Ada' } });
    fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'abc12' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'abc13' } });
    submit('Create Account');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');

    fireEvent.change(field('Confirm password'), { target: { value: 'abc12' } });
    expect(screen.queryByRole('alert')).toBeNull();
    submit('Create Account');
    expect(screen.getByRole('alert').textContent).toBe(
      'Use at least 8 characters, with an upper-case letter, a lower-case letter and a digit.',
    );

    // Eight characters without an upper-case letter still break the user pool's policy.
    fireEvent.change(field('Password'), { target: { value: 'abcdefg1' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'abcdefg1' } });
    submit('Create Account');
    expect(screen.getByRole('alert').textContent).toContain('upper-case');
  });

  it('hints the password policy of the user pool in the form', async () => {
    await renderDialog('es');
    fireEvent.click(screen.getByRole('tab', { name: 'Registrarse' }));

    expect(
      screen.getByText('Al menos 8 caracteres, con una mayúscula, una minúscula y una cifra'),
    ).toBeTruthy();
  });

  it('links the terms and the privacy policy where the account is created, in a new tab', async () => {
    await renderDialog('fr');
    fireEvent.click(screen.getByRole('tab', { name: 'Inscription' }));

    const consent = screen.getByTestId('sign-up-consent');
    expect(consent.textContent).toBe(
      "En créant un compte, vous acceptez les Conditions d'utilisation et confirmez avoir lu la Politique de confidentialité.",
    );
    const terms = screen.getByRole('link', { name: "Conditions d'utilisation" });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/terms', '_blank']);
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });

  it('translates the validation messages', async () => {
    await renderDialog('fr');

    submit('Se connecter');

    expect(screen.getByRole('alert').textContent).toBe('Veuillez remplir tous les champs');
  });

  it('shows a wrong password as a translated message and keeps the dialog open', async () => {
    vi.mocked(signInWithPassword).mockRejectedValue(new SignInError('invalid-credentials'));
    const { onSignedIn } = await renderDialog();
    fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'Wrong-pass1' } });

    submit('Sign In');

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Incorrect email or password.'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('calls back after a successful sign-in', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue();
    const { onSignedIn } = await renderDialog();
    fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'Right-pass1' } });

    submit('Sign In');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(signInWithPassword).toHaveBeenCalledWith('ada@example.com', 'Right-pass1');
  });

  it("asks for the mailed code, then creates the account in the visitor's language and theme, and marks it new", async () => {
    window.localStorage.setItem('theme', 'light');
    const requests = installFakeApi((request) => {
      if (request.path === '/api/auth/register') return { status: 202, body: { accepted: true } };
      if (request.path === '/api/auth/register/confirm')
        return {
          status: 201,
          body: {
            access_token: 'a',
            id_token: 'i',
            expires_in: 3600,
            user: { ...NEW_USER, language: 'fr', theme: 'light' },
          },
        };
      return undefined;
    });
    vi.mocked(signInWithPassword).mockResolvedValue(undefined as never);
    const { onSignedIn } = await renderDialog('fr');
    fireEvent.click(screen.getByRole('tab', { name: 'Inscription' }));

    fireEvent.change(field('Prénom'), { target: { value: 'Léa' } });
    fireEvent.change(field('E-mail'), { target: { value: 'lea@example.com' } });
    fireEvent.change(field('Mot de passe'), { target: { value: 'Bonjour-2024' } });
    fireEvent.change(field('Confirmer le mot de passe'), { target: { value: 'Bonjour-2024' } });
    submit('Créer un compte');

    // Nobody is signed in by the first step: it only mails a code.
    await waitFor(() =>
      expect(screen.getByText(/Nous avons envoyé un code à lea@example\.com\./)).toBeTruthy(),
    );
    expect(requests[0]?.body).toMatchObject({ email: 'lea@example.com', language: 'fr', theme: 'light' });
    expect(signInWithPassword).not.toHaveBeenCalled();

    fireEvent.change(field("Code d'inscription reçu par e-mail"), { target: { value: '042917' } });
    submit('Confirmer et se connecter');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests[1]?.body).toEqual({ email: 'lea@example.com', code: '042917', password: 'Bonjour-2024' });
    expect(signInWithPassword).toHaveBeenCalledWith('lea@example.com', 'Bonjour-2024');
    expect(isNewAccount(NEW_USER.id)).toBe(true);
    window.localStorage.removeItem('theme');
  });

  it("shows a refused code in the dialog's language and stays on the code step", async () => {
    installFakeApi((request) => {
      if (request.path === '/api/auth/register') return { status: 202, body: { accepted: true } };
      return {
        status: 400,
        body: {
          error: 'Invalid request: code: this code is wrong, expired or already used. Ask for a new one.',
          code: 'VALIDATION_FAILED',
          message_code: 'MAIL_CODE_INVALID',
          params: { field: 'code' },
        },
      };
    });
    const { onSignedIn } = await renderDialog('es');
    signUpInSpanish();
    await waitFor(() => expect(field('Código de registro del correo')).toBeTruthy());

    fireEvent.change(field('Código de registro del correo'), { target: { value: '000000' } });
    submit('Confirmar e iniciar sesión');

    // The info alert names the address; the second alert is the refusal.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Código: este código es incorrecto, ha caducado o ya se ha usado. Solicite uno nuevo.',
      ),
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(field('Código de registro del correo')).toBeTruthy();
  });

  it("shows the server's refusal by its code in the dialog's language", async () => {
    // The server's `error` is English (asked in English): the dialog renders the code in Spanish.
    installFakeApi(() => ({
      status: 400,
      body: {
        error: 'Invalid request: Password: use at least 8 characters, ...',
        code: 'VALIDATION_FAILED',
        message_code: 'AUTH_PASSWORD_POLICY',
        params: { field: 'password', minimum: 8 },
      },
    }));
    await renderDialog('es');
    signUpInSpanish();

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Contraseña: al menos 8 caracteres, con una mayúscula, una minúscula y una cifra.',
      ),
    );
  });

  it('offers demo access and links to the admin site', async () => {
    const { onDemo } = await renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Quick Demo Access' }));

    expect(onDemo).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Admin Access' }).getAttribute('href')).toBe(ADMIN_SITE);
  });

  it('names the password switch by what it does and announces the state it leaves', async () => {
    await renderDialog();
    const input = field('Password');
    const toggle = screen.getAllByRole('switch', { name: 'Show password' })[0] as HTMLElement;
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.textContent).toContain('Password is hidden');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.textContent).toContain('Password is shown');
  });
});
