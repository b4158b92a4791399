/**
 * The portfolio area's routes alone: its Lambda imports this entry point, never the whole contract, so it
 * builds only its own schemas at cold start (docs/architecture.md, "One contract, one module per area").
 */
export { portfolioRoutes as routes } from '../routes-portfolio';
