import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '@app/shared/domain/enums';
import {
  confirmTotpCode,
  finishAuthenticatorEnrolment,
  hasAuthenticatorApp,
  hasSession,
  SignInError,
  signInWithPassword,
  signOutEverywhere,
  startAuthenticatorEnrolment,
  type AuthenticatorEnrolment,
} from '@app/web/kit/password-sign-in';

/**
 * Only members of the Cognito ADMIN group hold a session here (docs/product.md "Roles, plans and demo mode").
 */
const ADMIN: { requiredGroup: Role } = { requiredGroup: 'ADMIN' };

export type AdminSessionStatus = 'checking' | 'signedOut' | 'signedIn';

/** The issuer an authenticator app lists the admin account under. */
const AUTHENTICATOR_ISSUER = 'Nugget Invest Admin';

/**
 * What a right password leads to (docs/accounts.md "Administrators sign in with an authenticator app"):
 * the app's code, or, on an account without an app, its enrolment (key shown once, then a code).
 */
export type AdminSecondStep = { kind: 'code' } | ({ kind: 'enrol' } & AuthenticatorEnrolment);

interface AdminSessionValue {
  status: AdminSessionStatus;
  signIn: (email: string, password: string) => Promise<AdminSecondStep>;
  /** Completes the second step with the app's code; rejects with SignInError('totp-wrong'). */
  completeSecondStep: (step: AdminSecondStep, code: string) => Promise<void>;
  logout: () => Promise<void>;
}

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

/**
 * docs/product.md "Roles, plans and demo mode": the admin session succeeds only for role ADMIN; anything else
 * is signed out. Who the admin is (`/api/auth/me`) is asked by the signed-in screen, with the rest of its
 * server state: the login needs neither the API client nor the contract's schemas.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AdminSessionStatus>('checking');

  useEffect(() => {
    let cancelled = false;
    hasSession(ADMIN)
      .catch(() => false)
      .then((admin) => {
        if (!cancelled) setStatus(admin ? 'signedIn' : 'signedOut');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string): Promise<AdminSecondStep> => {
    try {
      await signInWithPassword(email, password, ADMIN);
    } catch (failure: unknown) {
      if (failure instanceof SignInError && failure.kind === 'totp-required') return { kind: 'code' };
      throw failure;
    }
    // Signed in on the password alone: this admin has no app yet, and the API refuses it until it has.
    if (await hasAuthenticatorApp()) throw new SignInError('not-completed');
    return { kind: 'enrol', ...(await startAuthenticatorEnrolment(AUTHENTICATOR_ISSUER, email.trim())) };
  }, []);

  const completeSecondStep = useCallback(async (step: AdminSecondStep, code: string) => {
    if (step.kind === 'code') await confirmTotpCode(code, ADMIN);
    else await finishAuthenticatorEnrolment(code);
    setStatus('signedIn');
  }, []);

  // The signed-in screen owns the query cache: leaving it drops every cached answer.
  const logout = useCallback(async () => {
    await signOutEverywhere().catch(() => undefined);
    setStatus('signedOut');
  }, []);

  const value = useMemo<AdminSessionValue>(
    () => ({ status, signIn, completeSecondStep, logout }),
    [status, signIn, completeSecondStep, logout],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used within an AdminSessionProvider');
  return value;
}
