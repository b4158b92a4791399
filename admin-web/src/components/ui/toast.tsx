import { Alert } from '@aws-amplify/ui-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** Part 2 section 4: one toast at a time; the removal delay is long. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 10_000;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'info' | 'success' | 'warning' | 'error';
}

interface ToastEntry extends ToastMessage {
  id: number;
}

interface ToastValue {
  show: (toast: ToastMessage) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastValue | null>(null);

export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(() => setToasts([]), []);
  const show = useCallback((toast: ToastMessage) => {
    const entry = { ...toast, id: nextId.current++ };
    // The newest replaces the older ones beyond the limit.
    setToasts((current) => [...current, entry].slice(-TOAST_LIMIT));
  }, []);

  const latest = toasts[toasts.length - 1];
  useEffect(() => {
    if (!latest) return;
    const timer = setTimeout(
      () => setToasts((current) => current.filter((toast) => toast.id !== latest.id)),
      TOAST_DURATION_MS,
    );
    return () => clearTimeout(timer);
  }, [latest]);

  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="app-toasts" role="region" aria-live="polite">
        {toasts.map((toast) => (
          <Alert
            key={toast.id}
            variation={toast.variant ?? 'info'}
            heading={toast.title}
            isDismissible
            onDismiss={() => setToasts((current) => current.filter((item) => item.id !== toast.id))}
            dismissButtonLabel={dismissLabel}
            className="app-toast"
          >
            {toast.description}
          </Alert>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
