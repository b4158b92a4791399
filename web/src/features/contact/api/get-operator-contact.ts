import { useQuery } from '@tanstack/react-query';
import { getRuntimeConfig, type RuntimeConfig } from '@/kit/config/runtime-config';

export type OperatorContact = NonNullable<RuntimeConfig['operator']>;

/**
 * The operator's contact details from the deployment's runtime configuration (`/config.json`), read
 * only on the contact page; null when the deployment configured none.
 */
export function useOperatorContact() {
  return useQuery({
    queryKey: ['runtime-config', 'operator'],
    queryFn: async (): Promise<OperatorContact | null> => (await getRuntimeConfig()).operator ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
