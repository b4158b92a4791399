import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash';

/** A screen whose section appears only after its data, as the explained score's does. */
function LateSection({ show }: { show: boolean }) {
  useScrollToHash();
  return (
    <>
      <p id="other">other</p>
      {show ? <section id="explained-why-grade">why this grade</section> : null}
    </>
  );
}

describe('useScrollToHash', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls to the section the hash names once it is drawn, and to nothing else', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const view = render(
      <MemoryRouter initialEntries={['/screener?explain=AAPL#explained-why-grade']}>
        <LateSection show={false} />
      </MemoryRouter>,
    );
    expect(scrolled).toEqual([]);

    await act(async () => {
      view.rerender(
        <MemoryRouter initialEntries={['/screener?explain=AAPL#explained-why-grade']}>
          <LateSection show />
        </MemoryRouter>,
      );
      await Promise.resolve();
    });

    expect(scrolled).toEqual(['explained-why-grade']);
  });

  it('does nothing without a hash', () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/portfolio']}>
        <LateSection show />
      </MemoryRouter>,
    );
    expect(scroll).not.toHaveBeenCalled();
  });
});
