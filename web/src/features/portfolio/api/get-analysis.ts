import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';

/** GET /api/portfolio/analysis (advanced_analytics): allocation, concentration, risk, speculation. */
export function getPortfolioAnalysis() {
  return api.call(contract.portfolio.analysis);
}

export function portfolioAnalysisQueryOptions() {
  return queryOptions({ queryKey: ['portfolio', 'analysis'], queryFn: getPortfolioAnalysis, retry: false });
}

export function usePortfolioAnalysis({ enabled }: { enabled: boolean }) {
  return useQuery({ ...portfolioAnalysisQueryOptions(), enabled });
}

/** GET /api/ai/price-history/{symbol}: daily bars for a holding's chart. */
export function getPriceHistory(symbol: string) {
  return api.call(contract.ai.priceHistory, { params: { symbol }, query: { days: 126 } });
}

export function priceHistoryQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['ai', 'price-history', symbol],
    queryFn: () => getPriceHistory(symbol),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function usePriceHistory(symbol: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...priceHistoryQueryOptions(symbol), enabled });
}
