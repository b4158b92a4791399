import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { CatalystType, SentimentLabel } from '@app/shared/domain/enums';

/** How each catalyst type and sentiment label reads in the three languages (alerts and reasoning). */
export const CATALYST_TYPE_NAMES: Readonly<Record<CatalystType, LocalizedText>> = {
  earnings: { en: 'earnings', fr: 'résultats', es: 'resultados' },
  fda_approval: { en: 'FDA decision', fr: 'décision de la FDA', es: 'decisión de la FDA' },
  contract_win: { en: 'contract', fr: 'contrat', es: 'contrato' },
  ipo: { en: 'IPO', fr: 'introduction en bourse', es: 'salida a bolsa' },
  merger: { en: 'merger', fr: 'fusion-acquisition', es: 'fusión' },
  partnership: { en: 'partnership', fr: 'partenariat', es: 'alianza' },
  product_launch: { en: 'product launch', fr: 'lancement de produit', es: 'lanzamiento de producto' },
  executive_change: { en: 'leadership change', fr: 'changement de direction', es: 'cambio directivo' },
  regulatory: { en: 'regulatory', fr: 'réglementaire', es: 'regulatorio' },
  general_news: { en: 'market', fr: 'marché', es: 'mercado' },
};

/** "tonalité positive" (fr, feminine) and "tono positivo" (es, masculine). */
export const SENTIMENT_NAMES: Readonly<Record<SentimentLabel, LocalizedText>> = {
  positive: { en: 'positive', fr: 'positive', es: 'positivo' },
  negative: { en: 'negative', fr: 'négative', es: 'negativo' },
  neutral: { en: 'neutral', fr: 'neutre', es: 'neutro' },
};

/** Decimal comma for fr and es. */
export function formatLocalNumber(value: number, decimals: number, language: 'en' | 'fr' | 'es'): string {
  const text = value.toFixed(decimals);
  return language === 'en' ? text : text.replace('.', ',');
}
