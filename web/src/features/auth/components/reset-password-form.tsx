import { Alert, Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import { MAIL_CODE_RULES } from '@app/shared/domain/entities/mail';
import { isApiError } from '@/kit/api/api-client';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { AuthError, AuthSubmit } from './auth-form-parts';
import { usePasswordLabels } from '@/kit/ui/password-labels';

/** The API's refusal in the reader's words (the server words it in the request's language). */
function failureText(error: unknown, fallback: string): string | null {
  if (!error) return null;
  return isApiError(error) && error.body ? error.body.error : fallback;
}

/**
 * Password reset from the sign-in dialog: the address, then the mailed code and a new password. The
 * first answer is the same whether or not an account has the address, and the form says exactly that.
 */
export function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const passwordLabels = usePasswordLabels();
  const request = useRouteMutation(contract.auth.requestPasswordReset);
  const confirm = useRouteMutation(contract.auth.confirmPasswordReset);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const codeSent = request.isSuccess;

  const ask = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ body: { email } });
  };
  const finish = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ body: { email, code, new_password: password } });
  };

  if (confirm.isSuccess) {
    return (
      <Flex direction="column" gap="small" data-testid="reset-done">
        <Alert variation="success">{t('reset.done')}</Alert>
        <Button onClick={onBack}>{t('reset.back')}</Button>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="small" data-testid="reset-password">
      <Text fontWeight="bold">{t('reset.title')}</Text>
      {!codeSent ? (
        <form onSubmit={ask} noValidate className="app-auth__form" aria-label={t('reset.title')}>
          <Flex direction="column" gap="small">
            <Text fontSize="small">{t('reset.intro')}</Text>
            <TextField
              label={t('fields.email.label')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <AuthError message={failureText(request.error, t('errors.unexpected'))} />
            <AuthSubmit
              loading={request.isPending}
              label={t('reset.send')}
              loadingLabel={t('reset.sending')}
            />
          </Flex>
        </form>
      ) : (
        <form onSubmit={finish} noValidate className="app-auth__form" aria-label={t('reset.confirm')}>
          <Flex direction="column" gap="small">
            <Alert variation="info">{t('reset.sent', { minutes: MAIL_CODE_RULES.ttlMinutes })}</Alert>
            <TextField
              label={t('reset.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <PasswordField
              label={t('reset.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...passwordLabels}
            />
            <AuthError message={failureText(confirm.error, t('errors.unexpected'))} />
            <AuthSubmit
              loading={confirm.isPending}
              label={t('reset.confirm')}
              loadingLabel={t('reset.confirming')}
            />
          </Flex>
        </form>
      )}
      <Button variation="link" size="small" onClick={onBack}>
        {t('reset.back')}
      </Button>
    </Flex>
  );
}
