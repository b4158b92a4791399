import { useEffect } from 'react';
import type { User } from '@app/shared/domain/entities/user';
import { usePreferences } from '@/kit/preferences/preferences';

/** Which signed-in user's server preferences this browser has taken on (one id). */
export const PREFERENCES_SYNCED_USER_KEY = 'preferencesSyncedUser';

function readSyncedUser(): string | null {
  try {
    return window.localStorage.getItem(PREFERENCES_SYNCED_USER_KEY);
  } catch {
    return null;
  }
}

function writeSyncedUser(userId: string): void {
  try {
    window.localStorage.setItem(PREFERENCES_SYNCED_USER_KEY, userId);
  } catch {
    // Without storage they are applied on every load, which is still correct.
  }
}

/**
 * After sign-in, the user's saved language and theme apply on this device. Only the first time a
 * given user is seen in this browser: afterwards the local choice (the header's language and theme
 * buttons) is kept across reloads, and the settings screen saves to both places.
 */
export function useApplyStoredPreferences(user: User | null): void {
  const { setLanguage, setTheme } = usePreferences();
  useEffect(() => {
    if (!user || readSyncedUser() === user.id) return;
    writeSyncedUser(user.id);
    void setLanguage(user.language);
    setTheme(user.theme);
  }, [user, setLanguage, setTheme]);
}

/** Call when the user has just saved preferences here: they are this browser's choice too. */
export function markPreferencesSynced(userId: string): void {
  writeSyncedUser(userId);
}
