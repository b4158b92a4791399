import { useCallback } from 'react';
import { contract } from '@app/shared/api/contract';
import type { UpdateProfilePayload } from '@app/shared/domain/entities/user';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useApplyStoredPreferences } from '@/features/settings/components/apply-stored-preferences';

/**
 * Keeps a signed-in user's language and theme and this browser's in step (settings feature): the
 * visitor's own choice survives sign-in and is saved to the profile; otherwise the profile's applies.
 */
export function PreferencesSync() {
  const { user } = useAuth();
  const update = useRouteMutation(contract.auth.updateMe);
  const { mutate } = update;
  const saveToProfile = useCallback((changes: UpdateProfilePayload) => mutate({ body: changes }), [mutate]);
  useApplyStoredPreferences(user, saveToProfile);
  return null;
}
