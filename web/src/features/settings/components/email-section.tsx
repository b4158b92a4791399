import { Alert, Button, Flex, Heading, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { MAIL_CODE_RULES } from '@app/shared/domain/entities/mail';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';
import { usePasswordLabels } from '@/kit/ui/password-labels';

/**
 * The sign-in address, changed with verification (docs/accounts.md "E-mail change"): asked with the
 * current password, a code goes to the new address (or a notice, when that address has an account: the
 * page cannot tell which, and says so) and the account keeps its current one until that code comes back.
 * The confirmed answer is the saved user, which the route's policy puts in the session's cache, so the
 * page shows the new address at once; the old address is mailed a link that undoes the change.
 */
export function EmailSection({ email }: { email: string }) {
  const { t, i18n } = useTranslation(['settings']);
  const passwordLabels = usePasswordLabels();
  const toast = useToast();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRouteMutation(contract.auth.requestEmailChange);
  const confirm = useRouteMutation(contract.auth.confirmEmailChange);

  async function askForCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await request.mutateAsync({ body: { new_email: newEmail, current_password: password } });
      setPassword('');
      setSentTo(newEmail);
    } catch (failure: unknown) {
      setError(serverMessageOf(failure, i18n) ?? t('settings:email.failed'));
    }
  }

  async function confirmCode(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await confirm.mutateAsync({ body: { code } });
      setSentTo(null);
      setNewEmail('');
      setCode('');
      toast.show({ title: t('settings:email.changed'), variant: 'success' });
    } catch (failure: unknown) {
      setError(serverMessageOf(failure, i18n) ?? t('settings:email.failed'));
    }
  }

  return (
    <Card data-testid="email-section">
      <Heading level={2} className="app-card-title">
        {t('settings:sections.email')}
      </Heading>
      <Text className="app-muted" marginTop="small">
        {t('settings:email.current', { email })}
      </Text>
      {sentTo === null ? (
        <form onSubmit={askForCode} noValidate>
          <Flex direction="column" gap="medium" marginTop="small">
            <TextField
              label={t('settings:email.newAddress')}
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
            />
            <PasswordField
              label={t('settings:email.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...passwordLabels}
            />
            <Flex>
              <Button type="submit" isLoading={request.isPending} loadingText={t('settings:email.sending')}>
                {t('settings:email.send')}
              </Button>
            </Flex>
          </Flex>
        </form>
      ) : (
        <form onSubmit={confirmCode} noValidate>
          <Flex direction="column" gap="medium" marginTop="small">
            <Text>{t('settings:email.sent', { email: sentTo, minutes: MAIL_CODE_RULES.ttlMinutes })}</Text>
            <TextField
              label={t('settings:email.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Flex>
              <Button
                type="submit"
                isLoading={confirm.isPending}
                loadingText={t('settings:email.confirming')}
              >
                {t('settings:email.confirm')}
              </Button>
              <Button variation="link" onClick={() => setSentTo(null)}>
                {t('settings:email.otherAddress')}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
      {error ? (
        <Alert variation="error" role="alert" marginTop="small" data-testid="email-error">
          {error}
        </Alert>
      ) : null}
    </Card>
  );
}
