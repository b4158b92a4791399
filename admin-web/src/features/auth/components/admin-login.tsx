import { Alert, Button, Flex, Heading, Link, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@app/web/kit/ui/logo';
import { Card } from '@app/web/kit/ui/card';
import { SignInError } from '@app/web/kit/password-sign-in';
import type { AdminSecondStep } from './admin-session-provider';
import { AdminTotpStep } from './admin-totp-step';
import './admin-login.css';

export interface AdminLoginProps {
  /** Checks the password; resolves with the second step (the app's code, or its enrolment); rejects with SignInError. */
  onSignIn: (email: string, password: string) => Promise<AdminSecondStep>;
  /** Completes the second step with the app's code. */
  onSecondStep: (step: AdminSecondStep, code: string) => Promise<void>;
  investorSiteUrl: string;
}

/**
 * docs/product.md "Screens", admin site, and docs/accounts.md "Administrators sign in with an
 * authenticator app": the admin login, password then the app's code. Nothing is prefilled: the
 * site's config.json is public and holds no credentials.
 */
export function AdminLogin({ onSignIn, onSecondStep, investorSiteUrl }: AdminLoginProps) {
  const { t } = useTranslation(['admin', 'auth']);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [secondStep, setSecondStep] = useState<AdminSecondStep | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setError(t('admin:errors.fillAllFields'));
      return;
    }
    setLoading(true);
    setError(null);
    try {
      setSecondStep(await onSignIn(email, password));
      setLoading(false);
      setPassword('');
    } catch (failure: unknown) {
      setLoading(false);
      if (failure instanceof SignInError) {
        if (failure.kind === 'missing-group') setError(t('admin:errors.adminRequired'));
        else if (failure.kind === 'invalid-credentials') setError(t('auth:server.invalidCredentials'));
        else setError(failure.detail ?? t('admin:errors.loginFailed'));
      } else {
        setError(t('admin:errors.unexpected'));
      }
    }
  }

  return (
    <Flex className="admin-login" justifyContent="center" alignItems="center">
      <Card className="admin-login__card">
        {secondStep ? (
          <AdminTotpStep step={secondStep} onSubmit={(code) => onSecondStep(secondStep, code)} />
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby="admin-login-title">
            <Flex direction="column" gap="medium">
              <Flex direction="column" alignItems="center" gap="xs" textAlign="center">
                <LogoMark size={48} />
                <Heading level={1} id="admin-login-title" className="admin-login__title">
                  {t('admin:login.title')}
                </Heading>
                <Text className="app-muted">{t('admin:login.subtitle')}</Text>
              </Flex>
              <TextField
                label={t('admin:login.email.label')}
                placeholder={t('admin:login.email.placeholder')}
                type="email"
                name="email"
                autoComplete="username"
                value={email}
                onChange={(event) => {
                  setError(null);
                  setEmail(event.target.value);
                }}
              />
              <PasswordField
                label={t('admin:login.password.label')}
                placeholder={t('admin:login.password.placeholder')}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setError(null);
                  setPassword(event.target.value);
                }}
                showPasswordButtonLabel={t('admin:login.showPassword')}
                passwordIsHiddenLabel={t('admin:login.passwordIsHidden')}
                passwordIsShownLabel={t('admin:login.passwordIsShown')}
              />
              {error ? (
                <Alert variation="error" role="alert" hasIcon data-testid="admin-login-error">
                  {error}
                </Alert>
              ) : null}
              <Button
                type="submit"
                variation="primary"
                isLoading={loading}
                loadingText={t('admin:login.submitting')}
              >
                {t('admin:login.submit')}
              </Button>
              <Link href={investorSiteUrl} textAlign="center">
                {t('admin:login.backToSite')}
              </Link>
            </Flex>
          </form>
        )}
      </Card>
    </Flex>
  );
}
