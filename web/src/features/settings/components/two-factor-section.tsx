import { Alert, Button, Flex, Heading, Link, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { loadAmplifyAuth } from '@/kit/auth/amplify-auth';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';
import { usePasswordLabels } from '@/kit/ui/password-labels';
import { TotpQrCode } from './totp-qr-code';

/** The issuer an authenticator app lists the account under. */
const AUTHENTICATOR_ISSUER = 'Nugget Invest';

type Status = 'loading' | 'unavailable' | 'off' | 'enrolling' | 'on';

/**
 * A second factor with an authenticator app (TOTP), held by the identity service (Cognito; cognito-local
 * on a laptop implements the same AssociateSoftwareToken / VerifySoftwareToken / SetUserMFAPreference
 * calls). The secret is shown once, during enrolment, and never stored or shown by us afterwards.
 * Turning it off goes through the API with the current password (docs/accounts.md "Sensitive changes").
 */
export function TwoFactorSection({ email }: { email: string }) {
  const { t, i18n } = useTranslation(['settings']);
  const passwordLabels = usePasswordLabels();
  const turnOffCall = useRouteMutation(contract.auth.turnOffTwoFactor);
  const [password, setPassword] = useState('');
  const toast = useToast();
  const [status, setStatus] = useState<Status>('loading');
  const [secret, setSecret] = useState<string | null>(null);
  const [setupUri, setSetupUri] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    loadAmplifyAuth()
      .then((auth) => auth.fetchMFAPreference())
      .then((preference) => {
        if (current) setStatus(preference.enabled?.includes('TOTP') ? 'on' : 'off');
      })
      .catch(() => current && setStatus('unavailable'));
    return () => {
      current = false;
    };
  }, []);

  async function start() {
    setError(null);
    setBusy(true);
    try {
      const auth = await loadAmplifyAuth();
      const details = await auth.setUpTOTP();
      setSecret(details.sharedSecret);
      setSetupUri(details.getSetupUri(AUTHENTICATOR_ISSUER, email).toString());
      setStatus('enrolling');
    } catch {
      setStatus('unavailable');
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const auth = await loadAmplifyAuth();
      await auth.verifyTOTPSetup({ code: code.trim() });
      await auth.updateMFAPreference({ totp: 'PREFERRED' });
      setSecret(null);
      setSetupUri(null);
      setCode('');
      setStatus('on');
      toast.show({ title: t('settings:twoFactor.turnedOn'), variant: 'success' });
    } catch {
      setError(t('settings:twoFactor.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await turnOffCall.mutateAsync({ body: { current_password: password } });
      setPassword('');
      setStatus('off');
      toast.show({ title: t('settings:twoFactor.turnedOff'), variant: 'success' });
    } catch (failure: unknown) {
      setError(serverMessageOf(failure, i18n) ?? t('settings:twoFactor.turnOffFailed'));
    }
  }

  return (
    <Card data-testid="two-factor-section">
      <Heading level={2} className="app-card-title">
        {t('settings:sections.twoFactor')}
      </Heading>
      <Flex direction="column" gap="medium" marginTop="small">
        <Text className="app-muted">{t('settings:twoFactor.intro')}</Text>
        {status === 'unavailable' ? (
          <Alert variation="warning">{t('settings:twoFactor.unavailable')}</Alert>
        ) : null}
        {status === 'on' ? (
          <>
            <Text data-testid="two-factor-status">{t('settings:twoFactor.enabled')}</Text>
            <form onSubmit={turnOff} noValidate>
              <Flex direction="column" gap="medium">
                <PasswordField
                  label={t('settings:twoFactor.password')}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  {...passwordLabels}
                />
                {error ? (
                  <Alert variation="error" role="alert" data-testid="two-factor-error">
                    {error}
                  </Alert>
                ) : null}
                <Flex>
                  <Button type="submit" isLoading={turnOffCall.isPending}>
                    {t('settings:twoFactor.turnOff')}
                  </Button>
                </Flex>
              </Flex>
            </form>
          </>
        ) : null}
        {status === 'off' ? (
          <>
            <Text data-testid="two-factor-status">{t('settings:twoFactor.disabled')}</Text>
            <Flex>
              <Button onClick={() => void start()} isLoading={busy}>
                {t('settings:twoFactor.start')}
              </Button>
            </Flex>
          </>
        ) : null}
        {status === 'enrolling' && secret && setupUri ? (
          <form onSubmit={verify} noValidate>
            <Flex direction="column" gap="medium">
              <Text>{t('settings:twoFactor.step1')}</Text>
              <TotpQrCode uri={setupUri} label={t('settings:twoFactor.qrCode')} />
              <Link href={setupUri}>{t('settings:twoFactor.openInApp')}</Link>
              <TextField
                label={t('settings:twoFactor.secretLabel')}
                value={secret}
                isReadOnly
                data-testid="totp-secret"
              />
              <TextField
                label={t('settings:twoFactor.code')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              {error ? (
                <Alert variation="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Flex>
                <Button
                  type="submit"
                  variation="primary"
                  isLoading={busy}
                  loadingText={t('settings:twoFactor.verifying')}
                >
                  {t('settings:twoFactor.verify')}
                </Button>
              </Flex>
            </Flex>
          </form>
        ) : null}
      </Flex>
    </Card>
  );
}
