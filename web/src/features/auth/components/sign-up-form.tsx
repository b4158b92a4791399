import { Alert, Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { MAIL_CODE_RULES } from '@app/shared/domain/entities/mail';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import type { FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SignUpValues } from '../validation';
import { AuthError, AuthSubmit } from './auth-form-parts';
import { usePasswordLabels } from '@/kit/ui/password-labels';
import { CredentialFields } from './credential-fields';

/** The second step: the code mailed to the address of the first. */
export interface SignUpConfirmation {
  email: string;
  code: string;
  onEdit: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}

export interface SignUpFormProps {
  values: SignUpValues;
  onEdit: (field: keyof SignUpValues, value: string) => void;
  error: string | null;
  loading: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Set once the first step was accepted. */
  confirmation: SignUpConfirmation | null;
}

function SignUpCodeForm({
  confirmation,
  error,
  loading,
}: {
  confirmation: SignUpConfirmation;
  error: string | null;
  loading: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <form
      onSubmit={confirmation.onSubmit}
      noValidate
      className="app-auth__form"
      aria-label={t('signUpCode.title')}
    >
      <Flex direction="column" gap="small">
        <Alert variation="info">
          {t('signUpCode.sent', { email: confirmation.email, minutes: MAIL_CODE_RULES.ttlMinutes })}
        </Alert>
        <TextField
          label={t('signUpCode.code')}
          name="signUpCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={confirmation.code}
          onChange={(event) => confirmation.onEdit(event.target.value)}
        />
        <AuthError message={error} />
        <AuthSubmit
          loading={loading}
          label={t('signUpCode.confirm')}
          loadingLabel={t('signUpCode.confirming')}
        />
        <Button variation="link" size="small" onClick={confirmation.onBack} isDisabled={loading}>
          {t('signUpCode.back')}
        </Button>
      </Flex>
    </form>
  );
}

/**
 * docs/product.md "Screens", sign-in dialog, and docs/accounts.md "Sign-up": first and last name, the shared
 * email and password, and its confirmation; then the code mailed to the address (docs/accounts.md "Sign-up").
 */
export function SignUpForm({ values, onEdit, error, loading, onSubmit, confirmation }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const passwordLabels = usePasswordLabels();
  if (confirmation) return <SignUpCodeForm confirmation={confirmation} error={error} loading={loading} />;
  return (
    <form onSubmit={onSubmit} noValidate className="app-auth__form" aria-label={t('tabs.signUp')}>
      <Flex direction="column" gap="small">
        <Flex gap="small" className="app-auth__names">
          <TextField
            label={t('fields.firstName.label')}
            placeholder={t('fields.firstName.placeholder')}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => onEdit('firstName', event.target.value)}
          />
          <TextField
            label={t('fields.lastName.label')}
            placeholder={t('fields.lastName.placeholder')}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => onEdit('lastName', event.target.value)}
          />
        </Flex>
        <CredentialFields
          values={values}
          onEdit={onEdit}
          passwordAutoComplete="new-password"
          passwordHint={t('fields.password.hint', { minimum: PASSWORD_POLICY.minLength })}
        />
        <PasswordField
          label={t('fields.confirmPassword.label')}
          placeholder={t('fields.confirmPassword.placeholder')}
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => onEdit('confirmPassword', event.target.value)}
          {...passwordLabels}
        />
        <AuthError message={error} />
        <Text className="app-muted app-auth__consent" data-testid="sign-up-consent">
          {/* A new tab, so the dialog and what was typed stay (docs/product.md "Screens", sign-in dialog). */}
          <Trans
            t={t}
            i18nKey="signUpConsent"
            components={{
              terms: <a href="/terms" target="_blank" rel="noopener" />,
              privacy: <a href="/privacy" target="_blank" rel="noopener" />,
            }}
          />
        </Text>
        <AuthSubmit loading={loading} label={t('buttons.signUp')} loadingLabel={t('buttons.signingUp')} />
      </Flex>
    </form>
  );
}
