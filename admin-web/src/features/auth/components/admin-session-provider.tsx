import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@app/shared/domain/entities/user';
import { restoreAdminSession, signInAdmin, signOutAdmin } from '../api/admin-sign-in';
import { useMe } from '../api/get-me';

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
    restoreAdminSession()
      .catch(() => false)
      .then((admin) => {
        if (!cancelled) setStatus(admin ? 'signedIn' : 'signedOut');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const me = useMe({ enabled: status === 'signedIn' });

  const signIn = useCallback(async (email: string, password: string) => {
    await signInAdmin(email, password);
    setStatus('signedIn');
  }, []);

  const logout = useCallback(async () => {
    await signOutAdmin().catch(() => undefined);
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
