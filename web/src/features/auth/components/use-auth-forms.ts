import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import { isApiError } from '@/kit/api/api-client';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { confirmTotpCode, SignInError, signInWithPassword } from '@/kit/auth/password-sign-in';
import { usePreferences } from '@/kit/preferences/preferences';
import { markNewAccount } from '@/lib/new-account';
import { validateSignIn, validateSignUp, type SignInValues, type SignUpValues } from '../validation';

const EMPTY_SIGN_UP: SignUpValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
};

/**
 * The state and submissions of the dialog's two forms. Values survive a switch of tab; one error at a time,
 * cleared on any edit (docs/product.md "Screens", sign-in dialog); the messages are translated.
 */
export function useAuthForms(onSignedIn: () => void) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  const register = useRouteMutation(contract.auth.register);
  const confirmRegistration = useRouteMutation(contract.auth.confirmRegistration);
  const { language, theme } = usePreferences();
  const [signInValues, setSignInValues] = useState<SignInValues>({ email: '', password: '' });
  const [signUpValues, setSignUpValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  /** Set once the password was accepted for an account with an authenticator app. */
  const [totpRequired, setTotpRequired] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  /** Set once the first sign-up step was accepted: the form then asks for the mailed code. */
  const [awaitingCode, setAwaitingCode] = useState(false);
  const [signUpCode, setSignUpCode] = useState('');

  function describeSignInFailure(failure: unknown, fallback: 'loginFailed' | 'registrationFailed'): string {
    if (failure instanceof SignInError) {
      if (failure.kind === 'invalid-credentials') return t('auth:server.invalidCredentials');
      if (failure.kind === 'totp-required') return t('auth:totp.prompt');
      if (failure.kind === 'totp-wrong') return t('auth:totp.wrong');
      return failure.detail ?? t(`auth:errors.${fallback}`);
    }
    return t('auth:errors.unexpected');
  }

  function describeRegistrationFailure(failure: unknown): string {
    if (isApiError(failure) && failure.status > 0)
      return serverMessageOf(failure, i18n) ?? t('auth:errors.registrationFailed');
    return t('auth:errors.unexpected');
  }

  async function signIn(email: string, password: string, fallback: 'loginFailed' | 'registrationFailed') {
    try {
      await (totpRequired ? confirmTotpCode(totpCode) : signInWithPassword(email, password));
      onSignedIn();
    } catch (failure: unknown) {
      if (failure instanceof SignInError && failure.kind === 'totp-required') setTotpRequired(true);
      setError(describeSignInFailure(failure, fallback));
      setLoading(false);
    }
  }

  async function submitSignIn(event: FormEvent) {
    event.preventDefault();
    const problem = validateSignIn(signInValues);
    if (problem) {
      setError(t(problem));
      return;
    }
    setLoading(true);
    await signIn(signInValues.email, signInValues.password, 'loginFailed');
  }

  async function submitSignUp(event: FormEvent) {
    event.preventDefault();
    const problem = validateSignUp(signUpValues);
    if (problem) {
      setError(t(problem, { minimum: PASSWORD_POLICY.minLength }));
      return;
    }
    setLoading(true);
    try {
      // The body's role is always USER (and the server ignores it anyway). The new profile keeps the
      // language and theme the visitor is browsing in. The answer is the same whether or not the
      // address has an account: the mail tells its owner which.
      await register.mutateAsync({
        body: {
          email: signUpValues.email,
          password: signUpValues.password,
          first_name: signUpValues.firstName,
          last_name: signUpValues.lastName,
          role: 'USER',
          language,
          theme,
        },
      });
      setSignUpCode('');
      setAwaitingCode(true);
    } catch (failure: unknown) {
      setError(describeRegistrationFailure(failure));
    }
    setLoading(false);
  }

  /** The mailed code and the password typed at the first step create the account; then Amplify signs in. */
  async function submitSignUpCode(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    try {
      const created = await confirmRegistration.mutateAsync({
        body: { email: signUpValues.email, code: signUpCode, password: signUpValues.password },
      });
      markNewAccount(created.user.id);
    } catch (failure: unknown) {
      setLoading(false);
      setError(describeRegistrationFailure(failure));
      return;
    }
    await signIn(signUpValues.email, signUpValues.password, 'registrationFailed');
  }

  return {
    error,
    loading,
    clearError: () => setError(null),
    signIn: {
      totp: totpRequired
        ? {
            code: totpCode,
            onEdit: (value: string) => {
              setError(null);
              setTotpCode(value);
            },
          }
        : null,
      values: signInValues,
      onEdit: (field: keyof SignInValues, value: string) => {
        setError(null);
        setSignInValues((current) => ({ ...current, [field]: value }));
      },
      onSubmit: (event: FormEvent) => void submitSignIn(event),
    },
    signUp: {
      values: signUpValues,
      onEdit: (field: keyof SignUpValues, value: string) => {
        setError(null);
        setSignUpValues((current) => ({ ...current, [field]: value }));
      },
      onSubmit: (event: FormEvent) => void submitSignUp(event),
      confirmation: awaitingCode
        ? {
            email: signUpValues.email,
            code: signUpCode,
            onEdit: (value: string) => {
              setError(null);
              setSignUpCode(value);
            },
            onSubmit: (event: FormEvent) => void submitSignUpCode(event),
            onBack: () => {
              setError(null);
              setAwaitingCode(false);
            },
          }
        : null,
    },
  };
}
