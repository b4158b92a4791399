import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@app/shared/api/contract';
import { api } from '@/kit/api/api-client';
import { ALERTS_QUERY_KEY } from './get-alerts';

/** POST /api/alerts/{id}/dismiss */
export function dismissAlert(id: string) {
  return api.call(contract.portfolio.dismissAlert, { params: { id } });
}

/** POST /api/alerts/restore */
export function restoreAlerts() {
  return api.call(contract.portfolio.restoreAlerts);
}

export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}

export function useRestoreAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAlerts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
