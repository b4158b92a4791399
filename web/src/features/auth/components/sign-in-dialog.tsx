import { Button, Divider, Flex, Link, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/kit/ui/dialog';
import { Tabs } from '@/kit/ui/tabs';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useAuthForms } from './use-auth-forms';
import './auth.css';

export type AuthTab = 'signIn' | 'signUp';

export interface SignInDialogProps {
  open: boolean;
  initialTab?: AuthTab;
  adminSiteUrl: string;
  onClose?: () => void;
  onSignedIn: () => void;
  onDemo: () => void;
}

/** Below the forms: demo access without an account, and the way to the admin site. */
function OtherWaysIn({
  adminSiteUrl,
  onDemo,
  disabled,
}: {
  adminSiteUrl: string;
  onDemo: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Divider label={t('dialog.or')} size="small" className="app-auth__divider" />
      <Flex direction="column" gap="xs" alignItems="stretch">
        <Button onClick={onDemo} isDisabled={disabled}>
          {t('demo.button')}
        </Button>
        <Text fontSize="small" textAlign="center" className="app-muted">
          {t('demo.note')}
        </Text>
        <Link href={adminSiteUrl} className="app-auth__admin-link" textAlign="center">
          {t('adminAccess')}
        </Link>
      </Flex>
    </>
  );
}

/** docs/product.md "Screens": the sign-in / sign-up dialog. */
export default function SignInDialog({
  open,
  initialTab = 'signIn',
  adminSiteUrl,
  onClose,
  onSignedIn,
  onDemo,
}: SignInDialogProps) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [resetting, setResetting] = useState(false);
  const forms = useAuthForms(onSignedIn);
  const shared = { error: forms.error, loading: forms.loading };

  return (
    <Dialog
      open={open}
      title={t('dialog.title')}
      description={t('dialog.subtitle')}
      onClose={onClose}
      closeLabel={t('dialog.close')}
    >
      <Tabs<AuthTab>
        label={t('dialog.title')}
        value={tab}
        onChange={(next) => {
          forms.clearError();
          setTab(next);
        }}
        items={[
          {
            value: 'signIn',
            label: t('tabs.signIn'),
            content: resetting ? (
              <ResetPasswordForm onBack={() => setResetting(false)} />
            ) : (
              <>
                <SignInForm {...forms.signIn} {...shared} />
                <Button variation="link" size="small" onClick={() => setResetting(true)}>
                  {t('reset.link')}
                </Button>
              </>
            ),
          },
          { value: 'signUp', label: t('tabs.signUp'), content: <SignUpForm {...forms.signUp} {...shared} /> },
        ]}
      />
      <OtherWaysIn adminSiteUrl={adminSiteUrl} onDemo={onDemo} disabled={forms.loading} />
    </Dialog>
  );
}
