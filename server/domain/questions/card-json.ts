import * as z from 'zod'

// A question card as the API answers it (search results, a notebook's questions): the schema
// the contracts use. Zod only, no database: contracts are imported by the pages' loaders.
// QuestionCard (./search.ts) must stay assignable to it: every handler returning cards is
// type-checked against this.

export const QuestionCardJson = z
  .object({
    id: z.number().int(),
    short_id: z.string(),
    question_number: z.number().int(),
    discipline_id: z.number().int(),
    discipline_name: z.string(),
    exam_id: z.number().int(),
    exam_year: z.number().int(),
    exam_name: z.string().nullable(),
    exam_board: z.string(),
    exam_organization: z.string().nullable(),
    difficulty_level: z
      .enum(['FACIL', 'MEDIO', 'DIFICIL'])
      .nullable()
      .meta({ description: 'Como o arquivo da prova a classificou; null quando não classificou.' }),
    measured_difficulty: z
      .object({ level: z.enum(['FACIL', 'MEDIO', 'DIFICIL']), first_attempts: z.number().int() })
      .nullable()
      .meta({ description: 'A dificuldade medida nas primeiras respostas dos alunos, a partir de 20; null antes.' }),
    question_text: z.string(),
    alternatives: z.array(z.object({ letter: z.string(), text_content: z.string() })),
    is_annulled: z.boolean(),
    has_explanation: z.boolean().meta({ description: 'Tem explicação: análise do professor ou comentário da prova.' }),
    explanation_source: z
      .enum(['import', 'professor'])
      .nullable()
      .meta({ description: 'professor: análise do professor; import: comentário que veio com o arquivo da prova; null sem explicação.' }),
    topics: z.array(z.object({ id: z.number().int(), name: z.string() })),
    forum_topics_count: z.number().int().meta({ description: 'Tópicos vivos em Discussões.' }),
    my_last_attempt: z
      .object({ correct: z.boolean(), at: z.iso.datetime() })
      .nullable()
      .meta({ description: 'A última tentativa de quem pergunta nesta questão; null sem login ou sem tentativa.' }),
    outdated: z
      .object({
        possible: z.array(z.object({ label: z.string(), name: z.string(), in_force: z.iso.date(), same_year: z.boolean() })).meta({
          description:
            'Mudanças da lei em vigor depois da prova, nas disciplinas da questão: "Pode estar desatualizada". same_year: só o ano da prova é conhecido, e é o da mudança.',
        }),
        confirmed: z
          .object({ note: z.string(), at: z.iso.datetime() })
          .nullable()
          .meta({ description: 'Confirmada desatualizada por um administrador, com a nota mostrada aos alunos.' }),
      })
      .meta({ description: 'Se a questão pode estar desatualizada (ADR 053).' }),
    shown_token: z.string().optional().meta({ description: 'Quando o cartão foi mostrado, assinado (só para quem entrou).' }),
  })
  .meta({ id: 'QuestionCard' })
