import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { wantsSignUp } from '@/lib/sign-up-intent';
import { Card } from '@/kit/ui/card';
import { useAuth } from './auth-provider';
import './auth.css';

interface AuthGuardProps {
  children: ReactNode;
  allowDemo?: boolean;
  /**
   * The route paints while a session stored in this browser is checked (the dashboard: its skeletons and its
   * own requests start at once); a session the check refuses still gets the sign-in panel.
   */
  paintsBeforeSessionCheck?: boolean;
}

/** docs/product.md "Screens": the route guard with demo access (allowed by default). */
export function AuthGuard({ children, allowDemo = true, paintsBeforeSessionCheck = false }: AuthGuardProps) {
  const { t } = useTranslation('auth');
  const { status, pendingUserId, openSignIn, enterDemo } = useAuth();
  const { search } = useLocation();
  // Pricing's get-started: a visitor without an account lands on the Sign Up tab.
  const signUpFirst = wantsSignUp(search) && (status === 'unauthenticated' || status === 'demo');
  useEffect(() => {
    if (signUpFirst) openSignIn('signUp');
  }, [signUpFirst, openSignIn]);

  if (status === 'checking' && paintsBeforeSessionCheck && pendingUserId) return <>{children}</>;
  if (status === 'checking') {
    return (
      <Flex className="app-guard" direction="column" alignItems="center" gap="small" role="status">
        <Loader size="large" aria-hidden="true" />
        <Text>{t('guard.checking')}</Text>
      </Flex>
    );
  }
  if (status === 'authenticated' || (status === 'demo' && allowDemo)) return <>{children}</>;

  return (
    <Flex className="app-guard" justifyContent="center">
      <Card className="app-guard__panel">
        <Flex direction="column" gap="medium" alignItems="center" textAlign="center">
          <Heading level={1} className="app-guard__title">
            {t('guard.title')}
          </Heading>
          <Text>{t('guard.description')}</Text>
          <Flex direction="column" gap="small" width="100%">
            <Button variation="primary" onClick={() => openSignIn('signIn')}>
              {t('guard.signIn')}
            </Button>
            {allowDemo ? (
              <>
                <Button onClick={() => enterDemo()}>{t('guard.demo')}</Button>
                <Text fontSize="small" className="app-muted">
                  {t('guard.demoNote')}
                </Text>
              </>
            ) : null}
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
