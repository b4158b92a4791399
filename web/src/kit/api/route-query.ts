import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { RouteDefinition } from '@app/shared/api/route';
import { api, type CallInput, type CallOutput } from './api-client';
import { policyOf } from './route-policies';
import { routeQueryKey, type RouteQueryKey, type RouteRequest } from './route-key';

/** What a screen may add to a route's query: `enabled`, `select`, `placeholderData`, a refresh interval... */
export type RouteQueryOptions<Route extends RouteDefinition, Data = CallOutput<Route>> = Omit<
  UseQueryOptions<CallOutput<Route>, Error, Data, RouteQueryKey>,
  'queryKey' | 'queryFn'
>;

/** The request is optional when the route declares no path parameters and no required query. */
export type RouteQueryArgs<Route extends RouteDefinition, Options> =
  object extends RouteRequest<Route>
    ? [request?: RouteRequest<Route>, options?: Options]
    : [request: RouteRequest<Route>, options?: Options];

function callRoute<Route extends RouteDefinition>(route: Route, request: RouteRequest<Route> | undefined) {
  return api.call(route, (request ?? {}) as CallInput<Route>);
}

/**
 * The TanStack Query options of one request of a route: key from the route's id and request, the
 * typed client as fetcher, the route's cache policy (./route-policies), then the screen's options.
 * For `queryClient.fetchQuery` and `prefetchQuery`; screens use `useRouteQuery`.
 */
export function routeQueryOptions<Route extends RouteDefinition, Data = CallOutput<Route>>(
  route: Route,
  ...[request, options]: RouteQueryArgs<Route, RouteQueryOptions<Route, Data>>
) {
  const { staleTime, retry } = policyOf(route);
  return queryOptions<CallOutput<Route>, Error, Data, RouteQueryKey>({
    queryKey: routeQueryKey(route, request),
    queryFn: () => callRoute(route, request),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(retry === undefined ? {} : { retry }),
    ...options,
  });
}

/** A GET route of the contract as a query hook: `useRouteQuery(contract.portfolio.list)`. */
export function useRouteQuery<Route extends RouteDefinition, Data = CallOutput<Route>>(
  route: Route,
  ...args: RouteQueryArgs<Route, RouteQueryOptions<Route, Data>>
) {
  return useQuery(routeQueryOptions(route, ...args));
}

type Page<Route extends RouteDefinition> = CallOutput<Route>;

/** The cursor of the page after `page` (the contract's paged answers carry `next_cursor`). */
function nextCursorOf(page: unknown): string | undefined {
  const cursor = (page as { next_cursor?: unknown } | null)?.next_cursor;
  return typeof cursor === 'string' ? cursor : undefined;
}

/** The key of the pages of a request (distinct from a single page's key; same route id first). */
export function routeInfiniteQueryKey<Route extends RouteDefinition>(
  route: Route,
  request?: RouteRequest<Route>,
): RouteQueryKey {
  const [id, parts] = routeQueryKey(route, request);
  return [id, { ...parts, query: { ...parts?.query, pages: 'all' } }];
}

/**
 * A paged route (its query takes a `cursor`, its answers carry `next_cursor`) as an infinite query:
 * each page asks for the previous page's `next_cursor`. `request` holds everything but the cursor.
 */
export function useRouteInfiniteQuery<Route extends RouteDefinition>(
  route: Route,
  request: RouteRequest<Route>,
  options: Omit<
    UseInfiniteQueryOptions<
      Page<Route>,
      Error,
      InfiniteData<Page<Route>, string | undefined>,
      RouteQueryKey,
      string | undefined
    >,
    'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
  > = {},
) {
  const { staleTime, retry } = policyOf(route);
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: routeInfiniteQueryKey(route, request),
      queryFn: ({ pageParam }) =>
        callRoute(route, {
          ...request,
          query: { ...(request.query as object | undefined), ...(pageParam ? { cursor: pageParam } : {}) },
        } as RouteRequest<Route>),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursorOf,
      ...(staleTime === undefined ? {} : { staleTime }),
      ...(retry === undefined ? {} : { retry }),
      ...options,
    }),
  );
}
