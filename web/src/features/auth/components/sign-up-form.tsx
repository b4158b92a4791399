import { Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { PASSWORD_POLICY } from '@app/shared/domain/entities/user';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignUpValues } from '../validation';
import { AuthError, AuthSubmit } from './auth-form-parts';
import { usePasswordLabels } from '@/kit/ui/password-labels';
import { CredentialFields } from './credential-fields';

export interface SignUpFormProps {
  values: SignUpValues;
  onEdit: (field: keyof SignUpValues, value: string) => void;
  error: string | null;
  loading: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** Part 1 section 2: first and last name, the shared email and password, and its confirmation. */
export function SignUpForm({ values, onEdit, error, loading, onSubmit }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const passwordLabels = usePasswordLabels();
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
        <AuthSubmit loading={loading} label={t('buttons.signUp')} loadingLabel={t('buttons.signingUp')} />
      </Flex>
    </form>
  );
}
