import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { RouteDefinition } from '@app/shared/api';
import type { ApiResponse } from '../src/api';
import { CALLERS } from './fixtures';
import { inspectResponse, type Inspection } from './response-checks';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each security suite leaves its figures for the summary (summary-setup.ts). */
    securityResultsDirectory: string;
  }
}

/** What one suite (one test file) saw; summary-setup.ts adds the suites up at the end of the run. */
export interface SuiteResult {
  suite: string;
  /** Position in the summary table. */
  order: number;
  routes: string[];
  callers: string[];
  cases: number;
  serverErrors: string[];
  leaks: string[];
  problems: string[];
  limits: { name: string; held: boolean }[];
  figures: string[];
}

export interface SuiteReport {
  readonly result: SuiteResult;
  /** Records one request of a route by a caller; returns what is wrong with its response. */
  inspect: (
    route: RouteDefinition | undefined,
    caller: string,
    response: ApiResponse,
    ownEmails?: readonly string[],
  ) => Inspection;
  /** Records a request the suite counts without inspecting it (e.g. a refused connection). */
  count: (route: RouteDefinition | undefined, caller: string) => void;
  limit: (name: string, held: boolean) => void;
  figure: (text: string) => void;
  save: () => void;
}

export function createSuiteReport(suite: string, order: number): SuiteReport {
  const routes = new Set<string>();
  const callers = new Set<string>();
  const result: SuiteResult = {
    suite,
    order,
    routes: [],
    callers: [],
    cases: 0,
    serverErrors: [],
    leaks: [],
    problems: [],
    limits: [],
    figures: [],
  };
  const count = (route: RouteDefinition | undefined, caller: string) => {
    result.cases += 1;
    if (route) routes.add(route.id);
    // The summary counts principals (the matrix's callers), not token variants or test labels.
    if ((CALLERS as readonly string[]).includes(caller)) callers.add(caller);
  };
  return {
    result,
    count,
    inspect(route, caller, response, ownEmails = []) {
      count(route, caller);
      const inspection = inspectResponse(route, response, ownEmails);
      const label = `${route?.id ?? 'unrouted'} as ${caller}: ${response.status}`;
      if (inspection.serverError) result.serverErrors.push(`${label} ${response.text.slice(0, 300)}`);
      for (const leak of inspection.leaks) result.leaks.push(`${label}: ${leak}`);
      for (const problem of inspection.problems) result.problems.push(`${label}: ${problem}`);
      return inspection;
    },
    limit(name, held) {
      result.limits.push({ name, held });
    },
    figure(text) {
      result.figures.push(text);
    },
    save() {
      result.routes = [...routes].sort();
      result.callers = [...callers].sort();
      const directory = inject('securityResultsDirectory');
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, `${order}.json`), JSON.stringify(result, null, 2));
    },
  };
}
