import { Flex, TextField } from '@aws-amplify/ui-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInValues } from '../validation';
import { AuthError, AuthSubmit } from './auth-form-parts';
import { CredentialFields } from './credential-fields';

export interface SignInFormProps {
  values: SignInValues;
  onEdit: (field: keyof SignInValues, value: string) => void;
  error: string | null;
  loading: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The authenticator code, asked after the password for an account with two-step sign-in. */
  totp?: { code: string; onEdit: (value: string) => void } | null;
}

/**
 * docs/product.md "Screens", sign-in dialog: email and password, then the authenticator code when the account
 * asks for one.
 */
export function SignInForm({ values, onEdit, error, loading, onSubmit, totp }: SignInFormProps) {
  const { t } = useTranslation('auth');
  return (
    <form onSubmit={onSubmit} noValidate className="app-auth__form" aria-label={t('tabs.signIn')}>
      <Flex direction="column" gap="small">
        <CredentialFields values={values} onEdit={onEdit} passwordAutoComplete="current-password" />
        {totp ? (
          <TextField
            label={t('totp.label')}
            value={totp.code}
            onChange={(event) => totp.onEdit(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
          />
        ) : null}
        <AuthError message={error} />
        <AuthSubmit loading={loading} label={t('buttons.signIn')} loadingLabel={t('buttons.signingIn')} />
      </Flex>
    </form>
  );
}
