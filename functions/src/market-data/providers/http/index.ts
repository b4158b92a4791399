// The providers' shared HTTP transport, as the rest of the code may use it: a local rate limiter.
export { createRateLimiter } from './rate-limiter';
