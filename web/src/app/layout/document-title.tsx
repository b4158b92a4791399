import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMatches } from 'react-router-dom';

/** The page a route names in its `handle` (router.tsx), for the document's <title>. */
export const PAGE_TITLES = [
  'home',
  'features',
  'pricing',
  'about',
  'trackRecord',
  'contact',
  'privacy',
  'terms',
  'dashboard',
  'portfolio',
  'transactions',
  'recommendations',
  'screener',
  'watchlists',
  'alerts',
  'methodology',
  'subscription',
  'settings',
  'unsubscribe',
  'emailUndo',
] as const;
export type PageTitle = (typeof PAGE_TITLES)[number];

export interface TitleHandle {
  title: PageTitle;
}

function titleOf(handle: unknown): PageTitle | undefined {
  const title = (handle as Partial<TitleHandle> | undefined)?.title;
  return title && (PAGE_TITLES as readonly string[]).includes(title) ? title : undefined;
}

/** The page the deepest matched route names, if any. */
export function pageOf(handles: readonly unknown[]): PageTitle | undefined {
  return handles
    .map((handle) => titleOf(handle))
    .filter((title) => title !== undefined)
    .at(-1);
}

/** The document's title for a page, in the language of `t` ("Pricing · Nugget Invest"). */
export function documentTitleOf(page: PageTitle | undefined, t: TFunction<'nav'>): string {
  return page ? t('titles.format', { page: t(`titles.pages.${page}`) }) : t('titles.site');
}

/** Sets the document's <title> from the deepest matched route's handle, in the reader's language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation('nav');
  const page = pageOf(useMatches().map((match) => match.handle));
  useEffect(() => {
    document.title = documentTitleOf(page, t);
  }, [page, t, i18n.language]);
  return null;
}
