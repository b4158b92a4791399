import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { contract } from '@app/shared/api/contract';
import type { User } from '@app/shared/domain/entities/user';
import type { Role } from '@app/shared/domain/enums';
import { hasSession, signInWithPassword, signOutEverywhere } from '@app/web/kit/password-sign-in';
import { useRouteQuery } from '@app/web/kit/route-query';

/** Only members of the Cognito ADMIN group hold a session here (part 2 sections 4 and 6). */
const ADMIN: { requiredGroup: Role } = { requiredGroup: 'ADMIN' };

export type AdminSessionStatus = 'checking' | 'signedOut' | 'signedIn';

interface AdminSessionValue {
  status: AdminSessionStatus;
  user: User | null;
  signIn: (email: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
}

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

/** Part 2 section 4: the admin session succeeds only for role ADMIN; anything else is signed out. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
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

  const me = useRouteQuery(contract.auth.me, undefined, { enabled: status === 'signedIn' });

  const signIn = useCallback(async (email: string, password: string) => {
    await signInWithPassword(email, password, ADMIN);
    setStatus('signedIn');
  }, []);

  const logout = useCallback(async () => {
    await signOutEverywhere().catch(() => undefined);
    queryClient.clear();
    setStatus('signedOut');
  }, [queryClient]);

  const value = useMemo<AdminSessionValue>(
    () => ({ status, user: me.data ?? null, signIn, logout }),
    [status, me.data, signIn, logout],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used within an AdminSessionProvider');
  return value;
}
