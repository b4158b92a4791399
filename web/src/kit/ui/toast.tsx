import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  lazy,
  Suspense,
  type ReactNode,
} from 'react';
import type { ToastEntry, ToastMessage } from './toast-message';
import './toast.css';

/**
 * The toasts are drawn with Amplify's Alert, whose theme code is a large chunk: it loads with the first
 * toast, so a site's first screen does not wait for it.
 */
const ToastList = lazy(() => import('./toast-list'));

/**
 * docs/product.md "Business rules and limits", the sites' timing: one toast at a time, kept long (the
 * investor site).
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 10_000;

interface ToastValue {
  show: (toast: ToastMessage) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastValue | null>(null);

export interface ToastProviderProps {
  children: ReactNode;
  dismissLabel: string;
  /** How many toasts stay visible at once (the admin site shows 3). */
  limit?: number;
  /** How long each toast stays (the admin site: 4 s). */
  durationMs?: number;
}

export function ToastProvider({
  children,
  dismissLabel,
  limit = TOAST_LIMIT,
  durationMs = TOAST_DURATION_MS,
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(() => setToasts([]), []);
  const show = useCallback(
    (toast: ToastMessage) => {
      const entry = { ...toast, id: nextId.current++, expiresAt: Date.now() + durationMs };
      // The newest replaces the older ones beyond the limit.
      setToasts((current) => [...current, entry].slice(-limit));
    },
    [limit, durationMs],
  );

  // Each toast leaves after its own duration.
  useEffect(() => {
    const timers = toasts.map((entry) =>
      setTimeout(
        () => setToasts((current) => current.filter((toast) => toast.id !== entry.id)),
        Math.max(0, entry.expiresAt - Date.now()),
      ),
    );
    return () => timers.forEach(clearTimeout);
  }, [toasts]);

  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="app-toasts" role="region" aria-live="polite">
        {toasts.length > 0 ? (
          <Suspense fallback={null}>
            <ToastList
              toasts={toasts}
              dismissLabel={dismissLabel}
              onClose={(id) => setToasts((current) => current.filter((item) => item.id !== id))}
            />
          </Suspense>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used within a ToastProvider');
  return value;
}
