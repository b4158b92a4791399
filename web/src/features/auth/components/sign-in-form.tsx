import { Flex } from '@aws-amplify/ui-react';
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
}

/** Part 1 section 2: email and password. */
export function SignInForm({ values, onEdit, error, loading, onSubmit }: SignInFormProps) {
  const { t } = useTranslation('auth');
  return (
    <form onSubmit={onSubmit} noValidate className="app-auth__form" aria-label={t('tabs.signIn')}>
      <Flex direction="column" gap="small">
        <CredentialFields values={values} onEdit={onEdit} passwordAutoComplete="current-password" />
        <AuthError message={error} />
        <AuthSubmit loading={loading} label={t('buttons.signIn')} loadingLabel={t('buttons.signingIn')} />
      </Flex>
    </form>
  );
}
