import { useMutation } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { User } from '@app/shared/domain/entities/user';
import { api } from '@/kit/api/api-client';

export type ProfileChanges = {
  first_name?: string;
  last_name?: string;
  language?: User['language'];
  theme?: User['theme'];
};

/** PATCH /api/auth/me: profile and preferences, kept on the server for every device. */
export function updateProfile(changes: ProfileChanges) {
  return api.call(contract.auth.updateMe, { body: changes });
}

export function useUpdateProfile({ onSaved }: { onSaved: (user: User) => void }) {
  return useMutation({ mutationFn: updateProfile, onSuccess: onSaved });
}
