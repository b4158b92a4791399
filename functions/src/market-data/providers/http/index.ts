// The providers' shared HTTP transport, as the rest of the code may use it: a local rate limiter, and
// the guard's contract and the breaker's refusal the ingestion's shared guard implements.
export { createRateLimiter } from './rate-limiter';
export { CircuitOpenError } from './circuit-breaker';
export type { AttemptOutcome, ProviderRequestGuard } from './fetch-json';
export type { SendWindow } from './send-deadline';
