import * as z from 'zod'

// /admin/simulados: the Exame de Ordem's discipline mix, one count per discipline (a blank or 0
// leaves it out), sent as two parallel lists; 'limpar' goes back to the booklet's mix.

const countMessage = 'Use um número inteiro de 0 a 80.'

/** One count per line, 0 to 80 (a blank is 0). */
const counts = (max: number) =>
  z
    .array(
      z.coerce
        .number({ error: countMessage })
        .int({ error: countMessage })
        .min(0, { error: countMessage })
        .max(80, { error: countMessage })
        .default(0),
    )
    .max(max)
    .default([])

export const MixFormSchema = z.object({
  intent: z.enum(['salvar', 'limpar'], { error: 'Ação inválida.' }),
  disciplina: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(100).default([]),
  quantidade: counts(100),
})

/** The official distribution, by name (ADR 054): a blank name with 0 is an unused new line. */
export const OfficialFormSchema = z.object({
  intent: z.literal('oficial', { error: 'Ação inválida.' }),
  nome: z
    .array(z.string().trim().max(120, { error: 'O nome da disciplina pode ter no máximo 120 caracteres.' }).default(''))
    .max(60)
    .default([]),
  oficial: counts(60),
})
