import { Alert, Button } from '@aws-amplify/ui-react';

/**
 * The form's error, in a destructive alert (docs/product.md "Screens", sign-in dialog); it clears on any
 * edit.
 */
export function AuthError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variation="error" role="alert" hasIcon className="app-auth__error" data-testid="auth-error">
      {message}
    </Alert>
  );
}

export function AuthSubmit({
  loading,
  label,
  loadingLabel,
}: {
  loading: boolean;
  label: string;
  loadingLabel: string;
}) {
  return (
    <Button type="submit" variation="primary" isLoading={loading} loadingText={loadingLabel}>
      {label}
    </Button>
  );
}
