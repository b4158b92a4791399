import { Alert, Button, Flex, Heading, PasswordField, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { Card } from '@/kit/ui/card';
import { usePasswordLabels } from '@/kit/ui/password-labels';
import { useToast } from '@/kit/ui/toast';

export interface SessionEndingProps {
  /** Leaves the signed-in app as after a sign-out (the app's logout). */
  onSessionEnded: () => Promise<void>;
}

/** Password change (through the identity service) and "sign out of every session". */
export function SecuritySection({ onSessionEnded }: SessionEndingProps) {
  const { t, i18n } = useTranslation(['settings']);
  const passwordLabels = usePasswordLabels();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useRouteMutation(contract.auth.changePassword);
  const signOutAll = useRouteMutation(contract.auth.signOutEverywhere);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await change.mutateAsync({ body: { current_password: current, new_password: next } });
      setCurrent('');
      setNext('');
      toast.show({ title: t('settings:security.changed'), variant: 'success' });
    } catch (failure: unknown) {
      setError(serverMessageOf(failure, i18n) ?? t('settings:security.changeFailed'));
      return;
    }
    // A new password ends every session, this one too (docs/accounts.md "Sign out of every session").
    await onSessionEnded();
  }

  async function endEverySession() {
    try {
      await signOutAll.mutateAsync();
    } finally {
      // This browser's session was ended with the others: leave as after a sign-out.
      await onSessionEnded();
    }
  }

  return (
    <Card>
      <Heading level={2} className="app-card-title">
        {t('settings:sections.security')}
      </Heading>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="medium" marginTop="small">
          <PasswordField
            label={t('settings:security.currentPassword')}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            autoComplete="current-password"
            {...passwordLabels}
          />
          <PasswordField
            label={t('settings:security.newPassword')}
            descriptiveText={t('settings:security.newPasswordHint', { minimum: PASSWORD_POLICY.minLength })}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            autoComplete="new-password"
            {...passwordLabels}
          />
          {error ? (
            <Alert variation="error" role="alert" data-testid="password-error">
              {error}
            </Alert>
          ) : null}
          <Flex>
            <Button type="submit" isLoading={change.isPending} loadingText={t('settings:security.changing')}>
              {t('settings:security.change')}
            </Button>
          </Flex>
        </Flex>
      </form>
      <Flex direction="column" gap="small" marginTop="large">
        <Text className="app-muted">{t('settings:security.signOutEverywhereHint')}</Text>
        <Flex>
          <Button
            onClick={() => void endEverySession()}
            isLoading={signOutAll.isPending}
            loadingText={t('settings:security.signingOut')}
          >
            {t('settings:security.signOutEverywhere')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
