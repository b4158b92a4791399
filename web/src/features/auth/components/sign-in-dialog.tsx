import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import { Alert, Button, Divider, Flex, Link, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Tabs } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-client';
import { registerAccount } from '../api/register';
import { SignInError, signInWithPassword } from '../api/sign-in';
import { validateSignIn, validateSignUp, type SignInValues, type SignUpValues } from '../validation';

export type AuthTab = 'signIn' | 'signUp';

export interface SignInDialogProps {
  open: boolean;
  initialTab?: AuthTab;
  adminSiteUrl: string;
  onClose?: () => void;
  onSignedIn: () => void;
  onDemo: () => void;
}

const EMPTY_SIGN_UP: SignUpValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
};

/**
 * Part 1 section 2: the sign-in / sign-up dialog. Errors show in a destructive alert and clear on
 * any edit; the messages are those of sections 5 and 8, translated.
 */
export default function SignInDialog({
  open,
  initialTab = 'signIn',
  adminSiteUrl,
  onClose,
  onSignedIn,
  onDemo,
}: SignInDialogProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [signInValues, setSignInValues] = useState<SignInValues>({ email: '', password: '' });
  const [signUpValues, setSignUpValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  function editSignIn(field: keyof SignInValues, value: string) {
    setError(null);
    setSignInValues((current) => ({ ...current, [field]: value }));
  }

  function editSignUp(field: keyof SignUpValues, value: string) {
    setError(null);
    setSignUpValues((current) => ({ ...current, [field]: value }));
  }

  function describeSignInFailure(failure: unknown, fallback: 'loginFailed' | 'registrationFailed'): string {
    if (failure instanceof SignInError) {
      if (failure.kind === 'invalid-credentials') return t('auth:server.invalidCredentials');
      return failure.detail ?? t(`auth:errors.${fallback}`);
    }
    return t('auth:errors.unexpected');
  }

  async function submitSignIn(event: FormEvent) {
    event.preventDefault();
    const problem = validateSignIn(signInValues);
    if (problem) {
      setError(t(problem));
      return;
    }
    setLoading(true);
    try {
      await signInWithPassword(signInValues.email, signInValues.password);
      onSignedIn();
    } catch (failure: unknown) {
      setError(describeSignInFailure(failure, 'loginFailed'));
      setLoading(false);
    }
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
      await registerAccount({
        email: signUpValues.email,
        password: signUpValues.password,
        first_name: signUpValues.firstName,
        last_name: signUpValues.lastName,
      });
    } catch (failure: unknown) {
      setLoading(false);
      if (isApiError(failure) && failure.status === 409) setError(t('auth:server.emailAlreadyRegistered'));
      else if (isApiError(failure) && failure.status > 0)
        setError(failure.body?.error ?? t('auth:errors.registrationFailed'));
      else setError(t('auth:errors.unexpected'));
      return;
    }
    try {
      await signInWithPassword(signUpValues.email, signUpValues.password);
      onSignedIn();
    } catch (failure: unknown) {
      setError(describeSignInFailure(failure, 'registrationFailed'));
      setLoading(false);
    }
  }

  const errorAlert = error ? (
    <Alert variation="error" role="alert" hasIcon className="app-auth__error" data-testid="auth-error">
      {error}
    </Alert>
  ) : null;

  const passwordLabels = {
    showPasswordButtonLabel: t('auth:password.show'),
    passwordIsHiddenLabel: t('auth:password.hide'),
    passwordIsShownLabel: t('auth:password.show'),
  };

  const signInForm = (
    <form onSubmit={submitSignIn} noValidate className="app-auth__form" aria-label={t('auth:tabs.signIn')}>
      <Flex direction="column" gap="small">
        <TextField
          label={t('auth:fields.email.label')}
          placeholder={t('auth:fields.email.placeholder')}
          type="email"
          name="email"
          autoComplete="email"
          value={signInValues.email}
          onChange={(event) => editSignIn('email', event.target.value)}
        />
        <PasswordField
          label={t('auth:fields.password.label')}
          placeholder={t('auth:fields.password.placeholder')}
          name="password"
          autoComplete="current-password"
          value={signInValues.password}
          onChange={(event) => editSignIn('password', event.target.value)}
          {...passwordLabels}
        />
        {errorAlert}
        <Button
          type="submit"
          variation="primary"
          isLoading={loading}
          loadingText={t('auth:buttons.signingIn')}
        >
          {t('auth:buttons.signIn')}
        </Button>
      </Flex>
    </form>
  );

  const signUpForm = (
    <form onSubmit={submitSignUp} noValidate className="app-auth__form" aria-label={t('auth:tabs.signUp')}>
      <Flex direction="column" gap="small">
        <Flex gap="small" className="app-auth__names">
          <TextField
            label={t('auth:fields.firstName.label')}
            placeholder={t('auth:fields.firstName.placeholder')}
            name="firstName"
            autoComplete="given-name"
            value={signUpValues.firstName}
            onChange={(event) => editSignUp('firstName', event.target.value)}
          />
          <TextField
            label={t('auth:fields.lastName.label')}
            placeholder={t('auth:fields.lastName.placeholder')}
            name="lastName"
            autoComplete="family-name"
            value={signUpValues.lastName}
            onChange={(event) => editSignUp('lastName', event.target.value)}
          />
        </Flex>
        <TextField
          label={t('auth:fields.email.label')}
          placeholder={t('auth:fields.email.placeholder')}
          type="email"
          name="email"
          autoComplete="email"
          value={signUpValues.email}
          onChange={(event) => editSignUp('email', event.target.value)}
        />
        <PasswordField
          label={t('auth:fields.password.label')}
          placeholder={t('auth:fields.password.placeholder')}
          descriptiveText={t('auth:fields.password.hint', { minimum: PASSWORD_POLICY.minLength })}
          name="password"
          autoComplete="new-password"
          value={signUpValues.password}
          onChange={(event) => editSignUp('password', event.target.value)}
          {...passwordLabels}
        />
        <PasswordField
          label={t('auth:fields.confirmPassword.label')}
          placeholder={t('auth:fields.confirmPassword.placeholder')}
          name="confirmPassword"
          autoComplete="new-password"
          value={signUpValues.confirmPassword}
          onChange={(event) => editSignUp('confirmPassword', event.target.value)}
          {...passwordLabels}
        />
        {errorAlert}
        <Button
          type="submit"
          variation="primary"
          isLoading={loading}
          loadingText={t('auth:buttons.signingUp')}
        >
          {t('auth:buttons.signUp')}
        </Button>
      </Flex>
    </form>
  );

  return (
    <Dialog
      open={open}
      title={t('auth:dialog.title')}
      description={t('auth:dialog.subtitle')}
      onClose={onClose}
      closeLabel={t('auth:dialog.close')}
    >
      <Tabs<AuthTab>
        label={t('auth:dialog.title')}
        value={tab}
        onChange={(next) => {
          setError(null);
          setTab(next);
        }}
        items={[
          { value: 'signIn', label: t('auth:tabs.signIn'), content: signInForm },
          { value: 'signUp', label: t('auth:tabs.signUp'), content: signUpForm },
        ]}
      />
      <Divider label={t('auth:dialog.or')} size="small" className="app-auth__divider" />
      <Flex direction="column" gap="xs" alignItems="stretch">
        <Button onClick={onDemo} isDisabled={loading}>
          {t('auth:demo.button')}
        </Button>
        <Text fontSize="small" textAlign="center" className="app-muted">
          {t('auth:demo.note')}
        </Text>
        <Link href={adminSiteUrl} className="app-auth__admin-link" textAlign="center">
          {t('auth:adminAccess')}
        </Link>
      </Flex>
    </Dialog>
  );
}
