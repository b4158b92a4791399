import { RegistrationPayloadSchema, meetsPasswordPolicy } from '@app/shared/domain/entities/user';

/** Translation keys of the dialog's form errors (docs/product.md "Screens", sign-in dialog). */
export type AuthFormError =
  | 'auth:errors.fillAllFields'
  | 'auth:errors.fillRequiredFields'
  | 'auth:errors.passwordsDoNotMatch'
  | 'auth:errors.passwordPolicy'
  | 'errors:api.invalidEmail';

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues extends SignInValues {
  confirmPassword: string;
  firstName: string;
  lastName: string;
}

export function validateSignIn({ email, password }: SignInValues): AuthFormError | null {
  return email.trim() === '' || password === '' ? 'auth:errors.fillAllFields' : null;
}

/**
 * The dialog's checks in order (required, match, the password policy of shared/, the same the
 * server and the user pool apply), then the server's own schema so a malformed email is caught
 * before the request.
 */
export function validateSignUp(values: SignUpValues): AuthFormError | null {
  if (values.email.trim() === '' || values.password === '' || values.firstName.trim() === '') {
    return 'auth:errors.fillRequiredFields';
  }
  if (values.password !== values.confirmPassword) return 'auth:errors.passwordsDoNotMatch';
  if (!meetsPasswordPolicy(values.password)) return 'auth:errors.passwordPolicy';
  const parsed = RegistrationPayloadSchema.safeParse({
    email: values.email,
    password: values.password,
    first_name: values.firstName,
    last_name: values.lastName,
    role: 'USER',
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    if (field === 'password') return 'auth:errors.passwordPolicy';
    if (field === 'email') return 'errors:api.invalidEmail';
    return 'auth:errors.fillRequiredFields';
  }
  return null;
}
