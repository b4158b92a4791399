import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Picture({ boxed = true }: { boxed?: boolean }) {
  const [box, near] = useNearViewport<HTMLDivElement>();
  if (!boxed) return <p>no box yet</p>;
  return <div ref={box}>{near ? <span>drawn</span> : null}</div>;
}

/** A stand-in IntersectionObserver the test drives: `report(true)` says the element came near. */
function installObserver() {
  const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
  class FakeObserver {
    entry: { callback: IntersectionObserverCallback; disconnected: boolean };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    report: (isIntersecting: boolean) =>
      act(() => {
        for (const observer of observers.filter((entry) => !entry.disconnected))
          observer.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
    observers,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('draws only once the element comes near the screen, then stops watching', () => {
    const observer = installObserver();
    render(<Picture />);
    expect(screen.queryByText('drawn')).toBeNull();

    observer.report(false);
    expect(screen.queryByText('drawn')).toBeNull();

    observer.report(true);
    expect(screen.getByText('drawn')).toBeTruthy();
    expect(observer.observers.every((entry) => entry.disconnected)).toBe(true);
  });

  it('watches a box that appears after the first render (a chart whose second point came later)', () => {
    const observer = installObserver();
    const { rerender } = render(<Picture boxed={false} />);
    expect(observer.observers).toHaveLength(0);

    rerender(<Picture />);
    observer.report(true);
    expect(screen.getByText('drawn')).toBeTruthy();
  });

  it('draws at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Picture />);
    expect(screen.getByText('drawn')).toBeTruthy();
  });
});
