import { Alert, Button } from '@aws-amplify/ui-react';
import type { ToastEntry } from './toast-message';

/** The visible toasts (./toast keeps the list and their timers). */
export default function ToastList({
  toasts,
  dismissLabel,
  onClose,
}: {
  toasts: readonly ToastEntry[];
  dismissLabel: string;
  onClose: (id: number) => void;
}) {
  return toasts.map((toast) => (
    <Alert
      key={toast.id}
      variation={toast.variant ?? 'info'}
      heading={toast.title}
      isDismissible
      onDismiss={() => onClose(toast.id)}
      dismissButtonLabel={dismissLabel}
      className="app-toast"
    >
      {toast.description}
      {toast.action ? (
        <Button
          size="small"
          marginInlineStart="small"
          onClick={() => {
            toast.action?.onClick();
            onClose(toast.id);
          }}
        >
          {toast.action.label}
        </Button>
      ) : null}
    </Alert>
  ));
}
