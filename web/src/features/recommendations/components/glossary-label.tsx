import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { glossaryAnchor, type GlossaryTerm } from '@app/shared/domain/rules/score-glossary';

/** A figure's label, linking to its glossary entry on the methodology page; its meaning on hover. */
export function GlossaryLabel({ term }: { term: GlossaryTerm }) {
  const { t } = useTranslation('glossary');
  return (
    <Link
      to={`/methodology#${glossaryAnchor(term)}`}
      className="rec-glossary-link"
      title={t(`terms.${term}.meaning`)}
      data-glossary-term={term}
    >
      {t(`terms.${term}.label`)}
    </Link>
  );
}

/** The methodology link every score carries (issue 28: "How is this computed?"). */
export function HowComputedLink() {
  const { t } = useTranslation('glossary');
  return (
    <Link to="/methodology#how-scores-are-computed" className="rec-how-computed" data-testid="how-computed">
      {t('howComputed')}
    </Link>
  );
}
