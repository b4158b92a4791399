import type { ReactNode } from 'react';
import './scroll-region.css';

/**
 * A wide table or grid scrolls sideways inside its own box rather than widening the page. The box is a
 * named region in the tab order, so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
