import { useMutation, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { RouteDefinition } from '@app/shared/api/route';
import { api, isApiError, type CallInput, type CallOutput } from './api-client';
import { policyOf, routeIdsOf, type MutationPolicy } from './route-policies';
import { routeQueryKey } from './route-key';

/** What one call of a mutation sends: params, body and headers as the route declares them. */
export type RouteMutationInput<Route extends RouteDefinition> = Omit<CallInput<Route>, 'signal'>;

/** Routes that declare nothing to send are called with `mutate()`. */
export type RouteMutationVariables<Route extends RouteDefinition> =
  object extends RouteMutationInput<Route> ? RouteMutationInput<Route> | void : RouteMutationInput<Route>;

export type RouteMutationOptions<Route extends RouteDefinition> = Omit<
  UseMutationOptions<CallOutput<Route>, Error, RouteMutationVariables<Route>>,
  'mutationFn' | 'retry' | 'mutationKey'
>;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Retries follow the contract: a route that accepts an Idempotency-Key is retried once when no answer
 * came (the request may or may not have arrived; the same key makes the retry safe); any other write
 * is never retried (it might run twice).
 */
function retryOf(route: RouteDefinition) {
  if (!route.idempotent) return false;
  return (failureCount: number, error: Error) => failureCount < 1 && isApiError(error) && error.status === 0;
}

async function applyInvalidations(queryClient: QueryClient, policy: MutationPolicy): Promise<void> {
  if (policy.invalidates === 'everything') {
    await queryClient.invalidateQueries();
    return;
  }
  if (!policy.invalidates) return;
  const ids = routeIdsOf(policy.invalidates);
  await queryClient.invalidateQueries({ predicate: (query) => ids.has(String(query.queryKey[0])) });
}

/** One key per call of `mutate`: TanStack's retry of that call sends the same variables, so the same key. */
function withIdempotencyKey<Route extends RouteDefinition>(
  variables: RouteMutationVariables<Route>,
): RouteMutationVariables<Route> {
  const input = (variables ?? {}) as RouteMutationInput<Route>;
  if (input.headers?.[IDEMPOTENCY_KEY_HEADER]) return variables;
  return {
    ...input,
    headers: { ...input.headers, [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
  } as RouteMutationVariables<Route>;
}

/**
 * A write route of the contract as a mutation hook: `useRouteMutation(contract.portfolio.add)`.
 * Retries follow the contract; after the call the screen's own callbacks run, then the reads its
 * policy names are invalidated (or replaced by the answer). An idempotent route gets a fresh Idempotency-Key
 * per call unless the caller passes one.
 */
export function useRouteMutation<Route extends RouteDefinition>(
  route: Route,
  options: RouteMutationOptions<Route> = {},
) {
  const policy = policyOf(route);
  const afterCall = async (
    queryClient: QueryClient,
    data: CallOutput<Route> | undefined,
    failed: boolean,
  ) => {
    if (!failed && policy.replaces) queryClient.setQueryData(routeQueryKey(policy.replaces), data);
    if (!failed || policy.invalidateWhen === 'settled') await applyInvalidations(queryClient, policy);
  };
  const mutation = useMutation<CallOutput<Route>, Error, RouteMutationVariables<Route>>({
    ...options,
    mutationKey: [route.id],
    mutationFn: (variables) => api.call(route, (variables ?? {}) as CallInput<Route>),
    retry: retryOf(route),
    // The screen's own cache edits first (an item leaving a list at once), then the policy's reloads.
    onSuccess: async (data, variables, onMutateResult, context) => {
      await options.onSuccess?.(data, variables, onMutateResult, context);
      if (policy.invalidateWhen !== 'settled') await afterCall(context.client, data, false);
    },
    onSettled: async (data, error, variables, onMutateResult, context) => {
      await options.onSettled?.(data, error, variables, onMutateResult, context);
      if (policy.invalidateWhen === 'settled') await afterCall(context.client, data, error !== null);
    },
  });
  if (!route.idempotent) return mutation;
  return {
    ...mutation,
    mutate: (variables: RouteMutationVariables<Route>, callbacks?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate(withIdempotencyKey(variables), callbacks),
    mutateAsync: (
      variables: RouteMutationVariables<Route>,
      callbacks?: Parameters<typeof mutation.mutateAsync>[1],
    ) => mutation.mutateAsync(withIdempotencyKey(variables), callbacks),
  };
}
