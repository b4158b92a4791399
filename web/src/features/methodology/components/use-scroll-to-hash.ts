import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A link to `/methodology#glossary-...` lands on that entry: the router itself does not scroll to a hash. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}
