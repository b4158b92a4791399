import { Alert, Button, Flex, Heading, Link, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInError } from '@app/web/kit/password-sign-in';
import type { AdminSecondStep } from './admin-session-provider';

export interface AdminTotpStepProps {
  step: AdminSecondStep;
  /** Sends the app's code; rejects with SignInError('totp-wrong') when it is not accepted. */
  onSubmit: (code: string) => Promise<void>;
}

/**
 * docs/accounts.md "Administrators sign in with an authenticator app": after a right password, the
 * code of the admin's app; on an account without one, its enrolment first (the key and the
 * `otpauth://` link, shown this once, then the app's first code).
 */
export function AdminTotpStep({ step, onSubmit }: AdminTotpStepProps) {
  const { t } = useTranslation('admin');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('login.totp.codePrompt'));
      return;
    }
    setLoading(true);
    setError(null);
    try {
      await onSubmit(code);
    } catch (failure: unknown) {
      setLoading(false);
      setCode('');
      if (failure instanceof SignInError && failure.kind === 'totp-wrong') setError(t('login.totp.wrong'));
      else if (failure instanceof SignInError && failure.kind === 'missing-group')
        setError(t('errors.adminRequired'));
      else setError(t('errors.loginFailed'));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="admin-totp-title">
      <Flex direction="column" gap="medium">
        <Heading level={1} id="admin-totp-title" className="admin-login__title">
          {step.kind === 'enrol' ? t('login.totp.enrolTitle') : t('login.totp.codeTitle')}
        </Heading>
        {step.kind === 'enrol' ? (
          <>
            <Text>{t('login.totp.enrolIntro')}</Text>
            <Link href={step.setupUri}>{t('login.totp.openInApp')}</Link>
            <TextField
              label={t('login.totp.secretLabel')}
              value={step.secret}
              isReadOnly
              data-testid="totp-secret"
            />
          </>
        ) : (
          <Text className="app-muted">{t('login.totp.codePrompt')}</Text>
        )}
        <TextField
          label={t('login.totp.codeLabel')}
          name="totp_code"
          value={code}
          onChange={(event) => {
            setError(null);
            setCode(event.target.value);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        {error ? (
          <Alert variation="error" role="alert" hasIcon data-testid="admin-login-error">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" variation="primary" isLoading={loading} loadingText={t('login.totp.verifying')}>
          {t('login.totp.verify')}
        </Button>
      </Flex>
    </form>
  );
}
