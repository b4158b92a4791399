import { DEFAULT_BENCHMARK, type PerformanceResponse } from '@app/shared/domain/entities/ledger';
import type { PortfolioResponse } from '@app/shared/domain/entities/portfolio';
import { ConflictError } from '../platform/errors';
import type { LedgerStoreDeps } from './ledger-store';
import { getPerformance } from './performance-service';
import { listPortfolio } from './portfolio-view';

export interface DashboardAnswer {
  portfolio: PortfolioResponse;
  performance: PerformanceResponse | null;
}

/**
 * The signed-in dashboard's first screen in one call (docs/product.md "Screens", dashboard): the
 * portfolio and the performance from the very functions GET /api/portfolio and GET
 * /api/portfolio/performance call, so every figure is the same as theirs. A ledger the performance
 * cannot read (its 409) leaves the performance null, as the dashboard shows a failed performance call.
 */
export async function getDashboard(userId: string, deps: LedgerStoreDeps): Promise<DashboardAnswer> {
  const [portfolio, performance] = await Promise.all([
    listPortfolio(userId, false, deps),
    getPerformance(userId, DEFAULT_BENCHMARK, deps).catch((error: unknown) => {
      if (error instanceof ConflictError) return null;
      throw error;
    }),
  ]);
  return { portfolio, performance };
}
