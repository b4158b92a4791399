import { useEffect, useRef, useState } from 'react';

/** How far beyond the screen's edge a deferred picture starts drawing, so it is drawn when scrolled to. */
const DRAW_AHEAD = '100px';

/**
 * Whether the element is on or near the screen; once true it stays true. A picture below the first
 * screen (a chart) is drawn when it comes near instead of during the page's first paint (issue 48:
 * the dashboard's charts took more main-thread time than the rest of the page). Where the browser has
 * no IntersectionObserver, true at once.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
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
  }, [near]);
  return [ref, near] as const;
}
