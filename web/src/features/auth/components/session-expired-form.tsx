import { Button, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/kit/ui/dialog';
import { SignInForm } from './sign-in-form';
import { useAuthForms } from './use-auth-forms';

/** The sign-in form over the page whose session ended (session-expired-dialog.tsx). */
export default function SessionExpiredForm({
  onSignedIn,
  onLeave,
}: {
  onSignedIn: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const forms = useAuthForms(() => {
    // The screens read again with the new session; the page itself, and its forms, stay as they were.
    void queryClient.invalidateQueries();
    onSignedIn();
  });
  return (
    <Dialog open title={t('sessionExpired.title')} description={t('sessionExpired.body')}>
      <SignInForm {...forms.signIn} error={forms.error} loading={forms.loading} />
      <Text marginTop="small">
        <Button variation="link" size="small" onClick={onLeave} isDisabled={forms.loading}>
          {t('sessionExpired.leave')}
        </Button>
      </Text>
    </Dialog>
  );
}
