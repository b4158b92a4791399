import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '@/features/auth/components/auth-provider';
import { UpgradeDialog } from '@/features/gating/components/upgrade-dialog';
import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';
import { AttributionCard } from '@/features/explanations/components/attribution-card';
import { AnalystPanel } from '@/features/explanations/components/analyst-panel';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** The portfolio page with the gating feature's upgrade dialog and the grade's attribution composed in. */
export function PortfolioRoute() {
  const { t } = useTranslation(['portfolio']);
  const { viewer } = useAuth();
  // An analyst's figure links to the section that shows it (lib/figure-links.ts).
  useScrollToHash();
  if (!viewer) return null;
  return (
    <>
      <Link to="/portfolio/transactions" className="portfolio-route__ledger-link">
        {t('portfolio:ledger.page.openLink')}
      </Link>
      <PortfolioPage
        isDemo={viewer.isDemo}
        renderUpgradeDialog={({ open, onClose }) => (
          <UpgradeDialog open={open} onClose={onClose} currentTier={viewer.tier} />
        )}
        after={
          viewer.isDemo ? null : (
            <>
              {/* Who drives the grade (docs/product.md "Portfolio attribution"): the caller's own portfolio only. */}
              <AttributionCard />
              {/* Questions about the portfolio (docs/product.md "The analyst"): they count the caller's quota. */}
              <AnalystPanel />
            </>
          )
        }
      />
    </>
  );
}
