import { subscribe } from 'node:diagnostics_channel';
import {
  SLOT_GIVEN_UP_CHANNEL,
  SLOT_TAKEN_CHANNEL,
  type SlotTaken,
} from '../functions/src/market-data/ingestion/shared-provider-guard';

/**
 * The send path of one process's provider requests, for the ingestion bench: per request, the slot
 * the shared guard gave it, the instant the guard let it go, the instant fetch created the request
 * and the instant its headers were written to the socket (undici's diagnostics channels, which
 * Node's fetch publishes). The bench lays these beside the simulator's arrival stamps to see where
 * two requests a slot apart at the guard come closer together at the provider.
 */

export interface TracedRequest {
  /** The request's path and query, as the simulator logs it. */
  path: string;
  slot: number;
  releasedAt: number;
  createdAt: number;
  sentAt: number;
  /** Whether it went on a socket opened for it (a connection set up between create and send). */
  newSocket: boolean;
}

interface UndiciRequest {
  origin?: string | URL;
  path: string;
}

const preciseNow = () => performance.timeOrigin + performance.now();

/**
 * Starts tracing the requests of `provider` (the guard's name) whose path starts with `pathPrefix`;
 * `take()` hands the finished ones over.
 */
export interface SendTraceBatch {
  sent: TracedRequest[];
  /** Slots given up because the guard woke up past its margin. */
  givenUp: number;
  /** Requests created and not written: past their send deadline (or failed before the write). */
  unsent: number;
}

export function traceProviderSends(provider: string, pathPrefix: string): { take(): SendTraceBatch } {
  // Every guarded request is created right after its guard lets it go, so they pair in order.
  const released: SlotTaken[] = [];
  const written = new WeakSet<object>();
  const pending = new WeakMap<object, Omit<TracedRequest, 'sentAt' | 'newSocket'>>();
  let finished: TracedRequest[] = [];
  const socketsUsed = new WeakSet<object>();
  let givenUp = 0;
  let unsent = 0;
  subscribe(SLOT_GIVEN_UP_CHANNEL, (message) => {
    if ((message as SlotTaken).provider === provider) givenUp += 1;
  });
  subscribe('undici:request:error', (message) => {
    const { request } = message as { request: UndiciRequest };
    if (pending.has(request) && !written.has(request)) unsent += 1;
  });
  subscribe(SLOT_TAKEN_CHANNEL, (message) => {
    const taken = message as SlotTaken;
    if (taken.provider === provider) released.push(taken);
  });
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    if (!request.path.startsWith(pathPrefix)) return;
    const slot = released.shift();
    pending.set(request, {
      path: request.path,
      slot: slot?.slot ?? Number.NaN,
      releasedAt: slot?.releasedAt ?? Number.NaN,
      createdAt: preciseNow(),
    });
  });
  subscribe('undici:client:sendHeaders', (message) => {
    const sentAt = preciseNow();
    const { request, socket } = message as { request: UndiciRequest; socket: object };
    const started = pending.get(request);
    const newSocket = !socketsUsed.has(socket);
    socketsUsed.add(socket);
    written.add(request);
    if (started) finished.push({ ...started, sentAt, newSocket });
  });
  return {
    take() {
      const batch = { sent: finished, givenUp, unsent };
      finished = [];
      givenUp = 0;
      unsent = 0;
      return batch;
    },
  };
}
