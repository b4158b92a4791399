/**
 * The market area's routes alone (the spec's `/api/ai/*`): its Lambda imports this entry point, never the
 * whole contract, so it builds only its own schemas at cold start (docs/architecture.md, "One contract,
 * one module per area").
 */
export { marketRoutes as routes } from '../routes-market';
