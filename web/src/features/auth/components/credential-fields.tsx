import { PasswordField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { usePasswordLabels } from '@/kit/ui/password-labels';

export interface Credentials {
  email: string;
  password: string;
}

export interface CredentialFieldsProps {
  values: Credentials;
  onEdit: (field: keyof Credentials, value: string) => void;
  /** 'current-password' to sign in, 'new-password' to sign up (browsers offer to generate one). */
  passwordAutoComplete: 'current-password' | 'new-password';
  /** The password rule, shown under the field when choosing one. */
  passwordHint?: string;
}

/** Email and password: the field set the sign-in and sign-up forms share. */
export function CredentialFields({
  values,
  onEdit,
  passwordAutoComplete,
  passwordHint,
}: CredentialFieldsProps) {
  const { t } = useTranslation('auth');
  const passwordLabels = usePasswordLabels();
  return (
    <>
      <TextField
        label={t('fields.email.label')}
        placeholder={t('fields.email.placeholder')}
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => onEdit('email', event.target.value)}
      />
      <PasswordField
        label={t('fields.password.label')}
        placeholder={t('fields.password.placeholder')}
        {...(passwordHint ? { descriptiveText: passwordHint } : {})}
        name="password"
        autoComplete={passwordAutoComplete}
        value={values.password}
        onChange={(event) => onEdit('password', event.target.value)}
        {...passwordLabels}
      />
    </>
  );
}
