import { useAuth } from '@/features/auth/components/auth-provider';
import { useApplyStoredPreferences } from '@/features/settings/components/apply-stored-preferences';

/** Applies a signed-in user's saved language and theme on this device (settings feature). */
export function PreferencesSync() {
  const { user } = useAuth();
  useApplyStoredPreferences(user);
  return null;
}
