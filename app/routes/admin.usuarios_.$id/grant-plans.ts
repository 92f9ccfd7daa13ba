/** The plans an admin can grant, as the page lists them. */
export const GRANT_PLANS = ['GRATUITO', 'BASICO', 'PREMIUM', 'PRO'] as const
export const GRANT_PLAN_LABELS: Record<(typeof GRANT_PLANS)[number], string> = {
  GRATUITO: 'Gratuito',
  BASICO: 'Básico',
  PREMIUM: 'Premium',
  PRO: 'Pro',
}
