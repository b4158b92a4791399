import { MESSAGE_CATALOGUE, type MessageCode } from './message-catalogue';
import type { MessageOf, ParamsOf } from './param-kinds';

export type { MessageCode } from './message-catalogue';

/** The typed parameters of one code: `MessageParams<'LEDGER_FX_RATE_MISSING'>` is `{ from; to; date }`. */
export type MessageParams<Code extends MessageCode> = ParamsOf<(typeof MESSAGE_CATALOGUE)[Code]>;

/** One message: a code of the catalogue with its typed parameters. */
export type Message<Code extends MessageCode = MessageCode> = {
  [C in Code]: MessageOf<C, MessageParams<C>>;
}[Code];

/** Every code, in catalogue order. */
export const MESSAGE_CODES = Object.keys(MESSAGE_CATALOGUE) as MessageCode[];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGE_CATALOGUE, value);
}

/**
 * Builds a message: `message('HOLDING_NOT_FOUND')`, `message('QUOTA_DAILY_USED', { ... })`. The
 * parameters are checked against the catalogue at compile time.
 */
export function message<Code extends MessageCode>(
  code: Code,
  ...params: keyof MessageParams<Code> extends never ? [] : [MessageParams<Code>]
): Message<Code> {
  return { code, params: params[0] ?? {} } as unknown as Message<Code>;
}
