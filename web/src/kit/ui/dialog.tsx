import { Button, Heading, View } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Without it there is no close button and Escape does nothing (a dialog's close button is optional). */
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
}

/**
 * Modal dialog: focus moves inside on open, Tab and Shift+Tab stay inside, Escape closes, and focus
 * returns to where it was on close. Rendered in place (not portalled) so Amplify's theme variables,
 * scoped to the element carrying data-amplify-theme, still apply.
 */
export function Dialog({ open, title, description, onClose, closeLabel, children }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = panel.current;
    const first = container
      ? (focusableIn(container).find((element) => element.tagName === 'INPUT') ?? focusableIn(container)[0])
      : undefined;
    (first ?? container)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (!container) return;
      if (event.key === 'Escape' && onCloseRef.current) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(container);
      if (focusable.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const firstElement = focusable[0] as HTMLElement;
      const lastElement = focusable[focusable.length - 1] as HTMLElement;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstElement || !container.contains(active))) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (active === lastElement || !container.contains(active))) {
        event.preventDefault();
        firstElement.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="app-dialog__overlay">
      <View
        ref={panel}
        className="app-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="app-dialog__header">
          <Heading level={2} id={titleId} className="app-dialog__title">
            {title}
          </Heading>
          {onClose ? (
            <Button
              variation="link"
              size="small"
              className="app-dialog__close"
              onClick={onClose}
              aria-label={closeLabel}
            >
              <span aria-hidden="true">×</span>
            </Button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="app-dialog__description">
            {description}
          </p>
        ) : null}
        {children}
      </View>
    </div>
  );
}
