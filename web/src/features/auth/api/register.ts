import { useMutation } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import type { RegistrationPayload } from '@app/shared/domain/entities/user';
import { api } from '@/kit/api/api-client';

/** POST /api/auth/register. The body's role is always USER (and the server ignores it anyway). */
export function registerAccount(payload: Omit<RegistrationPayload, 'role'>) {
  return api.call(contract.auth.register, { body: { ...payload, role: 'USER' } });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
