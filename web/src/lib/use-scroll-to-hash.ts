import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the element the location's hash names, once it is on the page: a link to a section
 * (an analyst's figure, lib/figure-links.ts) opens that section, also when the screen draws it only
 * after its data arrives. The router changes the hash without scrolling, as it does for paths.
 */
export function useScrollToHash(): void {
  // The key too: following the same link again (the router replaces the entry) scrolls again.
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return undefined;
    const scrolled = () => {
      const target = document.getElementById(id);
      target?.scrollIntoView({ block: 'start' });
      return target !== null;
    };
    if (scrolled()) return undefined;
    const observer = new MutationObserver(() => {
      if (scrolled()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hash, key]);
}
