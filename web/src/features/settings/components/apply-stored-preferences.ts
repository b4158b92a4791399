import { useEffect, useRef } from 'react';
import type { User } from '@app/shared/domain/entities/user';
import type { UpdateProfilePayload } from '@app/shared/domain/entities/user';
import { storedChoices, usePreferences } from '@/kit/preferences/preferences';

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
 * The first time a user is seen in this browser after signing in, the visitor's language and theme
 * survive: a choice made here (the header's buttons, remembered in the browser) stays and is saved to
 * the profile; where the visitor chose nothing, the profile's saved preference applies on this device.
 * Afterwards the local choice is kept across reloads, and every later change is saved to the profile.
 */
export function useApplyStoredPreferences(
  user: User | null,
  saveToProfile: (changes: UpdateProfilePayload) => void,
): void {
  const { language, theme, setLanguage, setTheme } = usePreferences();
  const shown = useRef({ language, theme });
  // A later choice (the header's buttons, the settings screen) reaches the profile at once, so mails and
  // alerts go out in the language the user reads now (issue 46).
  useEffect(() => {
    const before = shown.current;
    shown.current = { language, theme };
    if (!user || readSyncedUser() !== user.id) return;
    const changes: UpdateProfilePayload = {};
    if (language !== before.language && language !== user.language) changes.language = language;
    if (theme !== before.theme && theme !== user.theme) changes.theme = theme;
    if (Object.keys(changes).length > 0) saveToProfile(changes);
  }, [user, language, theme, saveToProfile]);
  useEffect(() => {
    if (!user || readSyncedUser() === user.id) return;
    writeSyncedUser(user.id);
    const chosen = storedChoices();
    const changes: UpdateProfilePayload = {};
    if (chosen.language === null) void setLanguage(user.language);
    else if (chosen.language !== user.language) changes.language = chosen.language;
    if (chosen.theme === null) setTheme(user.theme);
    else if (chosen.theme !== user.theme) changes.theme = chosen.theme;
    if (Object.keys(changes).length > 0) saveToProfile(changes);
  }, [user, setLanguage, setTheme, saveToProfile]);
}

/** Call when the user has just saved preferences here: they are this browser's choice too. */
export function markPreferencesSynced(userId: string): void {
  writeSyncedUser(userId);
}
