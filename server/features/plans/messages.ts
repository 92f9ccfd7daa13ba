// The billing messages, zod-free and database-free: the billing contracts' rules and the pages
// read them; the domain (./subscriptions.ts, ./checkout.ts) answers them.

export const BILLING_MESSAGES = {
  unavailable: 'Mudanças de plano estão indisponíveis no momento.',
  /** Spec section 2 (Change plan): the note under 'Alterar para {plan}'. */
  nextCycle: 'A mudança vale a partir do próximo ciclo de cobrança.',
  methodRequired: 'Escolha uma forma de pagamento.',
  methodUnavailable: 'Esta forma de pagamento não está disponível.',
  planRequired: 'Escolha um plano: BASICO, PREMIUM ou PRO.',
  periodRequired: 'Escolha o período: month (mensal) ou year (anual).',
  periodUnavailable: 'Este plano não tem opção anual no momento: escolha o mensal.',
  samePlan: 'Você já está neste plano.',
  downgradeNoPayment: 'Mudar para um plano menor não exige pagamento: a mudança vale a partir do próximo ciclo de cobrança.',
  paymentRequired: 'Para mudar para um plano maior, conclua o pagamento.',
  admin: 'Administradores já têm acesso a todos os recursos.',
  noSubscription: 'Você não tem uma assinatura ativa para cancelar.',
  nothingToResume: 'Não há cancelamento nem mudança agendada para desfazer.',
  checkoutNotFound: 'Pagamento não encontrado.',
  pixNotFound: 'Cobrança Pix não encontrada.',
  receiptNotFound: 'Recibo não encontrado.',
  providerError: 'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
  pendingCleared: (plan: string) => `Mudança agendada desfeita: você continua no plano ${plan}.`,
  resumed: 'Cancelamento desfeito: sua assinatura continua ativa.',
  canceled: (plan: string, until: string) =>
    `Assinatura cancelada, sem taxas. Você continua com o plano ${plan} até ${until}; depois, volta ao Gratuito.`,
  canceledNow: 'Assinatura cancelada. Seu plano agora é o Gratuito.',
  appliedNow: (plan: string) => `Plano alterado: seu plano agora é o ${plan}.`,
} as const
