/**
 * A toast as a page asks for it, and as the provider (toast.tsx) keeps it for the lazily loaded list
 * (toast-list.tsx): both read these shapes, so they live apart from both.
 */

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'info' | 'success' | 'warning' | 'error';
  /** One button in the toast (Undo); pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

export interface ToastEntry extends ToastMessage {
  id: number;
  expiresAt: number;
}
