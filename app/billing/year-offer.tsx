// A plan's yearly option under its monthly price (issue 28, ADR 042), on /planos and /trocar-plano.

type Offer = { year_price_formatted: string | null; year_monthly_formatted: string | null }

/** 'ou R$ 336,00/ano (R$ 28,00/mês)'; nothing where the plan is not sold by the year. */
export function yearOfferText(offer: Offer) {
  return offer.year_price_formatted ? `ou ${offer.year_price_formatted}/ano (${offer.year_monthly_formatted}/mês)` : null
}

export function YearOffer({ offer, className = '' }: { offer: Offer; className?: string }) {
  const text = yearOfferText(offer)
  return text ? (
    <span className={`block text-sm text-slate-700 dark:text-slate-300 ${className}`} data-testid="oferta-anual">
      {text}
    </span>
  ) : null
}
