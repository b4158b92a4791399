import { useTranslation } from 'react-i18next';
import type { Language } from '@app/shared/domain/enums';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { Section } from '@/components/section';
import { usePreferences } from '@/kit/preferences/preferences';

/** The screens the Features page shows, in its order (tests/scripts/capture-feature-pictures.ts takes them). */
export const FEATURE_PICTURES = ['score', 'screener', 'portfolio', 'analyst'] as const;
export type FeaturePicture = (typeof FEATURE_PICTURES)[number];
/** Every picture's size in pixels: set on the <img>, so the page keeps its layout while they load. */
export const PICTURE_SIZE = { width: 800, height: 560 } as const;
/** The market date the pictures were taken at (the script's frozen replay clock). */
const TAKEN_AT = '2017-01-01';

/** Each picture's built URL (hashed under /assets/ by Vite), by its path under ../pictures. */
const PICTURE_URLS = import.meta.glob<string>('../pictures/*/*.webp', { eager: true, import: 'default' });

/** The picture of `picture` in `language`: its text is the site's in that language. */
export function pictureUrl(language: Language, picture: FeaturePicture): string {
  const url = PICTURE_URLS[`../pictures/${language}/${picture}.webp`];
  if (url === undefined) throw new Error(`No ${language} picture of ${picture}`);
  return url;
}

/**
 * docs/product.md "Screens", /features: pictures of the product as it runs, in the reader's language.
 * Below the first screen, so they load lazily and never hold up the page's first paint.
 */
export function FeaturePictures() {
  const { t } = useTranslation('features');
  const { language } = usePreferences();
  return (
    <Section
      title={t('pictures.title')}
      subtitle={t('pictures.subtitle', { date: formatDate(TAKEN_AT, language, 'UTC') })}
    >
      <div className="app-grid app-features__pictures">
        {FEATURE_PICTURES.map((picture) => (
          <figure key={picture} className="app-features__picture" data-testid={`picture-${picture}`}>
            <img
              src={pictureUrl(language, picture)}
              alt={t(`pictures.${picture}.alt`)}
              width={PICTURE_SIZE.width}
              height={PICTURE_SIZE.height}
              loading="lazy"
              decoding="async"
            />
            <figcaption>
              <strong>{t(`pictures.${picture}.title`)}</strong> {t(`pictures.${picture}.caption`)}
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}
