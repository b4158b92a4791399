import { useTranslation } from 'react-i18next';
import { perkLinesOf } from '@app/shared/domain/catalogue/plan-perks';
import type { Tier } from '@app/shared/domain/enums';

/** What a plan delivers, one checked line per perk of the tier catalogue (`common:perks`). */
export function PerkList({ tier, className }: { tier: Tier; className: string }) {
  const { t } = useTranslation('common');
  return (
    <ul className={className}>
      {perkLinesOf(tier).map((line) => (
        <li key={line.perk}>
          <span aria-hidden="true">✓ </span>
          {t(`perks.${line.key}`, line.params)}
        </li>
      ))}
    </ul>
  );
}
