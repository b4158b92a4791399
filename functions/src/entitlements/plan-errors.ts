import {
  englishPlanMessage,
  planMessage,
  type PlanMessageCode,
  type PlanMessageParams,
} from '@app/shared/domain/catalogue/plan-message-codes';
import { type AppError, withMessageCode } from '../platform/errors';

/**
 * Builds an AppError carrying a plan message: the English text as `error`, the code and parameters
 * as `message_code` and `params` (shared/src/domain/catalogue/plan-message-codes.ts).
 */
export function planError<E extends AppError, Code extends PlanMessageCode>(
  ErrorClass: new (message: string) => E,
  code: Code,
  params: PlanMessageParams[Code],
): E {
  const message = planMessage(code, params);
  return withMessageCode(new ErrorClass(englishPlanMessage(message)), code, params);
}
