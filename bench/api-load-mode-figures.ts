import type { runLoadLevels } from './api-load';
import type { RouteConsumption } from './dynamo-efficiency';

/*
 * What one process model's API load run measured: written by api-load-modes.ts, rendered by the
 * report's section 2 (report/section-2-api-load.ts), which api-load-modes.ts also loads to print it,
 * so the figures' shape lives apart from both.
 */

export type ProcessModel = 'workers' | 'single-process';

export interface ApiLoadModeFigures {
  mode: ProcessModel;
  /** From the call to startLocalStack to its return (DynamoDB Local, cognito-local, seed, handlers). */
  stack_start_ms: number;
  /** Whether the scheduler's price cycle and billing renewal ran beside the load (bench-stack.ts). */
  job_timers?: 'on' | 'off';
  load: Awaited<ReturnType<typeof runLoadLevels>>;
  /** Cost records of the load runs (section 3, under load). */
  consumption: RouteConsumption[];
}
