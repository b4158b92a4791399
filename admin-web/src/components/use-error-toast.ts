import { useEffect, useEffectEvent } from 'react';
import { useToast } from '@app/web/kit/ui/toast';
import type { ToastMessage } from '@app/web/kit/ui/toast-message';

/**
 * Shows the error toast once per failure of a query (docs/product.md "Errors and empty results"), not again
 * on re-render.
 */
export function useErrorToast(
  query: { isError: boolean; errorUpdatedAt: number },
  toast: Pick<ToastMessage, 'title' | 'description'>,
): void {
  const { show } = useToast();
  const showError = useEffectEvent(() => show({ ...toast, variant: 'error' }));
  useEffect(() => {
    if (query.isError) showError();
  }, [query.isError, query.errorUpdatedAt]);
}
