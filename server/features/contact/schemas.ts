import * as z from 'zod'

// Pure: the contact page imports it into the browser bundle (no database code here).

/** The contact form: one schema for the page (Conform) and the API. */
export const ContactSchema = z.object({
  name: z.string({ error: 'Informe seu nome' }).trim().min(1, 'Informe seu nome').max(120, 'Nome muito longo'),
  email: z
    .string({ error: 'Informe seu email' })
    .trim()
    .min(1, 'Informe seu email')
    .pipe(z.email('Digite um email válido').max(200, 'Email muito longo'))
    .meta({ format: 'email', pattern: z.regexes.email.source, maxLength: 200 }),
  subject: z.string({ error: 'Informe o assunto' }).trim().min(1, 'Informe o assunto').max(200, 'Assunto muito longo'),
  message: z
    .string({ error: 'Escreva sua mensagem' })
    .trim()
    .min(1, 'Escreva sua mensagem')
    .max(5000, 'Mensagem muito longa (máximo 5000 caracteres)'),
  /** Honeypot: people leave it empty; bots fill every field. */
  website: z.string().optional(),
})

export type ContactInput = z.infer<typeof ContactSchema>
