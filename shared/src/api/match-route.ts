import { ROUTES } from './contract';
import { pathParamNames, type RouteDefinition } from './route';

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  literalSegments: number;
}

/** Literal segments win over parameters (`/nugget-analysis/batch` before `/nugget-analysis/{symbol}`). */
const compiled: CompiledRoute[] = ROUTES.map((route) => {
  const names = pathParamNames(route.path);
  const source = route.path
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  const literalSegments = route.path
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{')).length;
  // A trailing slash is optional, as API Gateway treats `/api` and the contract's `/api/` alike.
  return { route, pattern: new RegExp(`^${source.replace(/\/$/, '')}/?$`), names, literalSegments };
}).sort((a, b) => b.literalSegments - a.literalSegments);

/** A malformed escape stays as typed, so the parameter's schema rejects it with a 400. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

/**
 * Finds the contract route for a method and a concrete path, as API Gateway's router would.
 * Returns `{ methodNotAllowed: true }` when the path exists under another method.
 */
export function matchRoute(
  method: string,
  path: string,
): RouteMatch | { methodNotAllowed: true } | undefined {
  let pathMatched = false;
  for (const candidate of compiled) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    if (candidate.route.method !== method.toUpperCase()) {
      pathMatched = true;
      continue;
    }
    const pathParameters: Record<string, string> = {};
    candidate.names.forEach((name, index) => {
      pathParameters[name] = decodeSegment(match[index + 1] as string);
    });
    return { route: candidate.route, pathParameters };
  }
  return pathMatched ? { methodNotAllowed: true } : undefined;
}
