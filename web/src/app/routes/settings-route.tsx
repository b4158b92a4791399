import { useAuth } from '@/features/auth/components/auth-provider';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** Settings save to the signed-in user's profile; the header follows at once (same cached user). */
export function SettingsRoute() {
  const { viewer, user, logout } = useAuth();
  if (!viewer) return null;
  return <SettingsPage key={user?.id ?? 'demo'} user={viewer.isDemo ? null : user} onSessionEnded={logout} />;
}
