import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureBundlePart, isBundlePartLoaded } from './i18n-core';

/**
 * For a public page that shows words from the signed-in part of the strings (a mail's link landing
 * page): loads that part on first render and says when it is there.
 */
export function useAppWords(): boolean {
  const { i18n } = useTranslation();
  const [wordsReady, setWordsReady] = useState(() => isBundlePartLoaded(i18n, 'app'));
  useEffect(() => {
    if (!wordsReady) void ensureBundlePart(i18n, 'app').then(() => setWordsReady(true));
  }, [wordsReady, i18n]);
  return wordsReady;
}
