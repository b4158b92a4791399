import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { afterSignInPath } from '@/lib/sign-up-intent';
import { useNavigate } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import type { Tier } from '@app/shared/domain/enums';
import type { User } from '@app/shared/domain/entities/user';
import { useToast } from '@/kit/ui/toast';
import { useRouteQuery } from '@/kit/api/route-query';
import { hasSession, signOutEverywhere } from '@/kit/auth/password-sign-in';
import { storedSessionUserId } from '@/kit/auth/amplify-auth';
import { forgetSessionData, forgetWhenSessionEnds, handleSessionExpiry } from '@/kit/api/session-expiry';
import { forgetKeptAnswers } from '@/lib/kept-answers';
import { forgetName, rememberName } from '../remembered-name';
import { DEMO_USER_ID, isDemoMode, setDemoMode } from '../demo-mode';
import { SessionExpiredDialog } from './session-expired-dialog';
import type { AuthTab } from './sign-in-dialog';

const SignInDialog = lazy(() => import('./sign-in-dialog'));

/** docs/product.md "Screens" (session) and "Roles, plans and demo mode" (signed in, or demo). */
export type SessionStatus = 'checking' | 'authenticated' | 'unauthenticated' | 'demo';

/** What the header and the screens show about whoever is using the app. */
export interface Viewer {
  name: string;
  email: string | null;
  tier: Tier;
  isDemo: boolean;
}

/** docs/product.md "Roles, plans and demo mode": the demo visitor is on Premium. */
export const DEMO_TIER: Tier = 'PREMIUM';

interface AuthValue {
  status: SessionStatus;
  user: User | null;
  viewer: Viewer | null;
  /**
   * The `{user}` of the AI list routes: the signed-in user's own id (the stored session's while it is
   * checked), or the public demo list.
   */
  listOwnerId: string;
  /**
   * While a session stored in this browser is checked: its account id, read from the stored token, so a
   * screen that paints before the check can ask for its data at once (docs/product.md "Screens", session).
   * Null otherwise.
   */
  pendingUserId: string | null;
  openSignIn: (tab?: AuthTab) => void;
  /** Enters demo mode and opens `to` (the dashboard by default). */
  enterDemo: (to?: string) => void;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

interface AuthProviderProps {
  /** The admin site (runtime config); the dialog's 'Admin Access' link leads there. */
  adminSiteUrl: string;
  children: ReactNode;
}

export function AuthProvider({ adminSiteUrl, children }: AuthProviderProps) {
  const { t } = useTranslation(['shell', 'auth']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [sessionStatus, setSessionStatus] = useState<SessionStatus>('checking');
  const [dialogTab, setDialogTab] = useState<AuthTab | null>(null);
  const [storedUserId] = useState(() => storedSessionUserId());

  // docs/product.md "Screens", session: the dashboard's kept answers are forgotten whenever the session ends
  // (signed out, refused below, or ended by the API: kit/api/session-expiry.ts).
  useEffect(() => forgetWhenSessionEnds(forgetKeptAnswers), []);

  useEffect(() => {
    let cancelled = false;
    hasSession()
      .catch(() => false)
      .then((signedIn) => {
        if (cancelled) return;
        if (signedIn) setDemoMode(false);
        else forgetSessionData();
        setSessionStatus(signedIn ? 'authenticated' : isDemoMode() ? 'demo' : 'unauthenticated');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const me = useRouteQuery(contract.auth.me, undefined, { enabled: sessionStatus === 'authenticated' });

  const logout = useCallback(async () => {
    try {
      setDemoMode(false);
      forgetName();
      forgetSessionData();
      if (sessionStatus === 'authenticated' || sessionStatus === 'checking') await signOutEverywhere();
      queryClient.clear();
      window.location.assign('/');
    } catch {
      toast.show({ title: t('auth:errors.logoutFailed'), variant: 'error' });
    }
  }, [queryClient, sessionStatus, t, toast]);

  // docs/product.md "Screens", session: the stored session is checked with the current user; a failure logs
  // out.
  useEffect(() => {
    if (me.isError) void logout();
  }, [me.isError, logout]);

  const enterDemo = useCallback(
    (to = '/dashboard') => {
      setDemoMode(true);
      setSessionStatus('demo');
      setDialogTab(null);
      void navigate(to);
    },
    [navigate],
  );

  const status: SessionStatus = sessionStatus === 'authenticated' && !me.data ? 'checking' : sessionStatus;
  const pendingUserId = status === 'checking' ? storedUserId : null;

  // A 401 to a request sent before the check ended (a screen painted early) is the check's to answer: the
  // guard asks to sign in, or the failed check logs out, as without the early request.
  const checkDecides = status === 'checking' || status === 'unauthenticated';
  useEffect(() => (checkDecides ? handleSessionExpiry(() => undefined) : undefined), [checkDecides]);

  const viewer = useMemo<Viewer | null>(() => {
    if (status === 'demo')
      return { name: t('shell:demoUserName'), email: null, tier: DEMO_TIER, isDemo: true };
    if (status === 'authenticated' && me.data) {
      return {
        name: me.data.first_name.trim() || me.data.email,
        email: me.data.email,
        tier: me.data.subscription_tier,
        isDemo: false,
      };
    }
    return null;
  }, [status, me.data, t]);

  useEffect(() => {
    if (me.data && viewer) rememberName(me.data.id, viewer.name);
  }, [me.data, viewer]);

  const value = useMemo<AuthValue>(
    () => ({
      status,
      user: me.data ?? null,
      viewer,
      listOwnerId: me.data && status === 'authenticated' ? me.data.id : (pendingUserId ?? DEMO_USER_ID),
      pendingUserId,
      openSignIn: (tab = 'signIn') => setDialogTab(tab),
      enterDemo,
      logout,
    }),
    [status, me.data, viewer, pendingUserId, enterDemo, logout],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {status === 'authenticated' ? <SessionExpiredDialog onLeave={() => void logout()} /> : null}
      {dialogTab ? (
        <Suspense fallback={null}>
          <SignInDialog
            open
            initialTab={dialogTab}
            adminSiteUrl={adminSiteUrl}
            onClose={() => setDialogTab(null)}
            onSignedIn={() => {
              setDemoMode(false);
              // docs/product.md "Screens", session: a full page load after signing in, to /dashboard, or to
              // the plan's checkout when the visitor came from pricing's get-started.
              window.location.assign(afterSignInPath(window.location));
            }}
            onDemo={() => enterDemo()}
          />
        </Suspense>
      ) : null}
    </AuthContext.Provider>
  );
}

/** docs/product.md "Errors and empty results": using the auth helpers outside their provider is an error. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
