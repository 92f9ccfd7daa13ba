import * as z from 'zod'

/** 'Ver análise': reveals the answer (counts as a question of the week on a limited plan). */
export const RevealAnalysisSchema = z.object({ intent: z.literal('revelar') })
