import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '@app/shared/domain/enums';
import { hasSession, signInWithPassword, signOutEverywhere } from '@app/web/kit/password-sign-in';

/**
 * Only members of the Cognito ADMIN group hold a session here (docs/product.md "Roles, plans and demo mode").
 */
const ADMIN: { requiredGroup: Role } = { requiredGroup: 'ADMIN' };

export type AdminSessionStatus = 'checking' | 'signedOut' | 'signedIn';

interface AdminSessionValue {
  status: AdminSessionStatus;
  signIn: (email: string, password: string) => Promise<void>;
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

  const signIn = useCallback(async (email: string, password: string) => {
    await signInWithPassword(email, password, ADMIN);
    setStatus('signedIn');
  }, []);

  // The signed-in screen owns the query cache: leaving it drops every cached answer.
  const logout = useCallback(async () => {
    await signOutEverywhere().catch(() => undefined);
    setStatus('signedOut');
  }, []);

  const value = useMemo<AdminSessionValue>(() => ({ status, signIn, logout }), [status, signIn, logout]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used within an AdminSessionProvider');
  return value;
}
