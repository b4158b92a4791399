import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { renderWithProviders } from '@/kit/test/render';
import { FEATURE_PICTURES } from './feature-pictures';
import { FeaturesPage } from './features-page';

const LANGUAGES = ['en', 'fr', 'es'] as const;
/** Each picture's budget (issue 46): small enough that four of them cost less than the page's script. */
const MAX_BYTES = 80_000;
const pictureFile = (language: string, picture: string) =>
  join(import.meta.dirname, '..', 'pictures', language, `${picture}.webp`);

describe('the Features page shows pictures of the product (issue 46)', () => {
  it.each(LANGUAGES)('has a WebP of every screen in %s, 800 x 560 and under 80 KB', (language) => {
    for (const picture of FEATURE_PICTURES) {
      const bytes = readFileSync(pictureFile(language, picture));
      // RIFF....WEBP, then the VP8/VP8L/VP8X chunk: read the canvas size from the bitstream itself.
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const chunk = bytes.subarray(12, 16).toString('latin1');
      const size =
        chunk === 'VP8 '
          ? { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
          : chunk === 'VP8L'
            ? {
                width: (bytes.readUInt32LE(21) & 0x3fff) + 1,
                height: ((bytes.readUInt32LE(21) >> 14) & 0x3fff) + 1,
              }
            : { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
      expect(size).toEqual({ width: 800, height: 560 });
      expect(statSync(pictureFile(language, picture)).size).toBeLessThan(MAX_BYTES);
    }
  });

  it.each(LANGUAGES)(
    'shows the %s pictures with their alt text, their size set and loaded lazily',
    async (language) => {
      await renderWithProviders(<FeaturesPage />, { language });
      const strings = resources[language].features.pictures;
      for (const picture of FEATURE_PICTURES) {
        const image = screen.getByAltText(strings[picture].alt);
        expect(image.getAttribute('src')).toMatch(new RegExp(`/pictures/${language}/${picture}\\.webp$`));
        expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['800', '560']);
        expect(image.getAttribute('loading')).toBe('lazy');
        expect(screen.getByTestId(`picture-${picture}`).querySelector('figcaption')?.textContent).toBe(
          `${strings[picture].title} ${strings[picture].caption}`,
        );
      }
    },
  );
});
