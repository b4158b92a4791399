/**
 * The subscription area's routes alone: its Lambda imports this entry point, never the whole contract, so it
 * builds only its own schemas at cold start (docs/architecture.md, "One contract, one module per area").
 */
export { subscriptionRoutes as routes } from '../routes-subscription';
