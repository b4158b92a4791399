import { useCallback, useEffect, useState } from 'react';

/** How far beyond the screen's edge a deferred picture starts drawing, so it is drawn when scrolled to. */
const DRAW_AHEAD = '100px';

/**
 * Whether the element is on or near the screen; once true it stays true. A picture below the first
 * screen (a chart) is drawn when it comes near instead of during the page's first paint (issue 48:
 * the dashboard's charts took more main-thread time than the rest of the page). Where the browser has
 * no IntersectionObserver, true at once. The ref is a callback: an element that appears later (a chart
 * box drawn once its data has two points) is watched from the moment it is mounted.
 */
export function useNearViewport<T extends Element>() {
  const [element, setElement] = useState<T | null>(null);
  const ref = useCallback((node: T | null) => setElement(node), []);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${DRAW_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return [ref, near] as const;
}
