import type { UserAlert } from '@app/shared/domain/entities/catalysts';

/**
 * The three sample alerts demo visitors see on the alerts screen (no token; docs/product-rules.md "Demo mode"): Bitcoin volatility
 * (high), Apple earnings (medium), tech sector rotation (low). Labelled as samples; timestamps are
 * relative to now so the screen's relative times read naturally.
 */
export function buildDemoAlerts(now: Date): UserAlert[] {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  return [
    {
      id: 'demo-alert-bitcoin-volatility',
      title: 'Bitcoin volatility spike (sample)',
      description: 'Sample alert for the demo: Bitcoin moved far beyond its typical daily range.',
      message: {
        en: 'Sample alert: Bitcoin is swinging far beyond its typical daily range. Review your position size; do not chase the move.',
        fr: "Alerte d'exemple : le Bitcoin fluctue bien au-delà de son amplitude quotidienne habituelle. Revoyez la taille de votre position ; ne courez pas après le mouvement.",
        es: 'Alerta de ejemplo: el Bitcoin oscila muy por encima de su rango diario habitual. Revise el tamaño de su posición; no persiga el movimiento.',
      },
      severity: 'high',
      timestamp: ago(15),
      type: 'price_movement',
      asset: 'BTC-USD',
      dismissed: false,
      actionRequired: true,
    },
    {
      id: 'demo-alert-apple-earnings',
      title: 'Apple earnings report ahead (sample)',
      description: 'Sample alert for the demo: Apple reports quarterly results soon.',
      message: {
        en: 'Sample alert: Apple reports quarterly earnings soon. Expect larger price swings around the release.',
        fr: "Alerte d'exemple : Apple publie bientôt ses résultats trimestriels. Attendez-vous à des variations plus fortes autour de la publication.",
        es: 'Alerta de ejemplo: Apple publica pronto sus resultados trimestrales. Espere mayores oscilaciones en torno a la publicación.',
      },
      severity: 'medium',
      timestamp: ago(120),
      type: 'earnings',
      asset: 'AAPL',
      dismissed: false,
      actionRequired: false,
    },
    {
      id: 'demo-alert-tech-rotation',
      title: 'Tech sector rotation (sample)',
      description: 'Sample alert for the demo: money is moving out of technology shares into other sectors.',
      message: {
        en: 'Sample alert: investors are rotating out of technology into defensive sectors. No action needed; check your diversification.',
        fr: "Alerte d'exemple : les investisseurs délaissent la technologie pour des secteurs défensifs. Aucune action requise ; vérifiez votre diversification.",
        es: 'Alerta de ejemplo: los inversores rotan de tecnología hacia sectores defensivos. No hace falta actuar; revise su diversificación.',
      },
      severity: 'low',
      timestamp: ago(26 * 60),
      type: 'sector_rotation',
      asset: 'GENERAL',
      dismissed: false,
      actionRequired: false,
    },
  ];
}
