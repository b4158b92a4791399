/*
 * A request that must be on the wire by a given instant, or not at all.
 *
 * A rate-limit slot is a promise about when a request reaches the provider, but fetch does not write
 * a request when it is called: on a reused keep-alive socket Node's fetch (undici) first waits one
 * event-loop turn (a setImmediate that checks the socket is still open), and a new socket waits for
 * its connection. On a busy worker that turn took up to 750 ms after the guard had let the request go
 * (bench/results.md section 8), long enough for requests a slot apart to reach the provider within
 * the same second. So the deadline is checked where the request is written: undici calls a dispatch
 * handler's `onConnect(abort)` synchronously just before it writes the request to the socket, and a
 * request past its deadline is aborted there, unsent.
 *
 * The dispatcher wraps the one fetch itself uses (undici keeps it under a registered symbol, shared
 * by every copy of undici in the process). Node loads its fetch, which registers that dispatcher, on
 * the first call, so a process that has not fetched yet makes a call that needs no network first.
 */

/**
 * Until when the request may be written to the socket: a request that would leave later is not sent
 * (below), and the guard is asked again, as if it had not been. Measured on the guard's
 * clock (a test may move it).
 */
export interface SendWindow {
  /** How many ms past the window a request written now would leave; zero or less while it may go. */
  lateBy(): number;
}

/** The request was not written: it would have left after its deadline. Nothing reached the provider. */
export class SendDeadlineMissedError extends Error {
  constructor(readonly lateMs: number) {
    super(`the request would have left ${lateMs} ms after its deadline, so it was not sent`);
    this.name = 'SendDeadlineMissedError';
  }
}

/** Whether a fetch failed because its request missed its deadline (fetch wraps the reason as `cause`). */
export function missedSendDeadline(error: unknown): boolean {
  return (
    error instanceof SendDeadlineMissedError ||
    (error instanceof Error && error.cause instanceof SendDeadlineMissedError)
  );
}

interface DispatchHandler {
  onConnect?(abort: (reason?: Error) => void, context?: unknown): void;
}

/** The part of undici's Dispatcher that fetch calls (its only use of the `dispatcher` option). */
interface RequestDispatcher {
  dispatch(options: object, handler: DispatchHandler): boolean;
}

const UNDICI_GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * fetch options whose `dispatcher` (Node's extension of RequestInit) writes the request only within
 * its window; none when Node's fetch has no dispatcher to wrap.
 */
export function sendDeadlineInit(window: SendWindow): RequestInit {
  const global = globalThis as Record<symbol, unknown>;
  if (!(UNDICI_GLOBAL_DISPATCHER in global)) void fetch('data:,').catch(() => undefined);
  const base = global[UNDICI_GLOBAL_DISPATCHER] as RequestDispatcher | undefined;
  if (!base) return {};
  const dispatcher: RequestDispatcher = {
    dispatch(options, handler) {
      // fetch's handler keeps its state on `this`: the wrapper inherits from it, so that state is shared.
      const checked = Object.create(handler) as DispatchHandler;
      checked.onConnect = function (abort, context) {
        const lateMs = window.lateBy();
        if (lateMs > 0) {
          abort(new SendDeadlineMissedError(lateMs));
          return;
        }
        handler.onConnect?.call(this, abort, context);
      };
      return base.dispatch(options, checked);
    },
  };
  // fetch calls nothing of a dispatcher but `dispatch`; Node's type names all of undici's Dispatcher,
  // and the DOM's RequestInit has no such option.
  return { dispatcher } as unknown as RequestInit;
}
