import { sql } from 'drizzle-orm'

import type { Db } from '../server/db/index'

// A synthetic bank of realistic Portuguese questions, generated inside the database
// (INSERT ... SELECT generate_series) so a million rows take minutes, not hours.
// Word frequencies are shaped on purpose: 'direito' appears in most statements (the
// broad query), 'usucapião extraordinária' in about 1 in 500 (the narrow one).

export const DISCIPLINES = [
  ['Direito Civil', ['Contratos', 'Obrigações', 'Posse e Propriedade', 'Família', 'Sucessões']],
  ['Direito Penal', ['Teoria do Crime', 'Penas', 'Crimes contra a Pessoa', 'Crimes contra o Patrimônio']],
  ['Direito Constitucional', ['Direitos Fundamentais', 'Controle de Constitucionalidade', 'Organização do Estado']],
  ['Direito Administrativo', ['Atos Administrativos', 'Licitações e Contratos', 'Agentes Públicos']],
  ['Direito do Trabalho', ['Contrato de Trabalho', 'Jornada', 'Rescisão']],
  ['Direito Processual Civil', ['Recursos', 'Tutela Provisória', 'Execução']],
  ['Direito Tributário', ['Tributos', 'Obrigação Tributária', 'Crédito Tributário']],
  ['Ética Profissional', ['Estatuto da Advocacia', 'Honorários Advocatícios', 'Infrações Disciplinares']],
  ['Direito Empresarial', ['Sociedades', 'Títulos de Crédito', 'Falência']],
  ['Direitos Humanos', ['Sistema Interamericano', 'Tratados Internacionais']],
] as const

export const BOARDS = ['FGV', 'CESPE', 'VUNESP', 'FCC', 'OAB']

const OPENINGS = [
  'Considerando o ordenamento jurídico brasileiro, assinale a alternativa correta sobre',
  'De acordo com a jurisprudência dominante dos tribunais superiores, a respeito de',
  'João, advogado regularmente inscrito, foi consultado por um cliente acerca de',
  'Segundo a doutrina majoritária e o texto constitucional, no que se refere a',
  'Maria ajuizou ação contra a empresa em que trabalhava, discutindo questões relativas a',
  'Em relação às funções do Estado e aos princípios que regem',
  'A sociedade empresária questionou, em processo administrativo, a aplicação de',
]
const SUBJECTS = [
  'responsabilidade civil objetiva do fornecedor',
  'prescrição e decadência das pretensões',
  'direitos e garantias fundamentais do cidadão',
  'competência legislativa concorrente da União',
  'contrato de compra e venda com reserva de domínio',
  'legítima defesa e estado de necessidade',
  'licitação na modalidade pregão eletrônico',
  'jornada de trabalho e horas extraordinárias',
  'honorários advocatícios de sucumbência',
  'controle concentrado de constitucionalidade',
  'obrigações solidárias entre devedores',
  'função social da propriedade urbana',
]
const CLOSINGS = [
  'conforme o entendimento consolidado.',
  'nos termos da legislação vigente.',
  'observadas as regras do Código de Processo Civil.',
  'à luz da Constituição Federal de 1988.',
  'segundo o Estatuto da Advocacia e a OAB.',
]
const ALTERNATIVES = [
  'A conduta é lícita, desde que haja autorização judicial prévia.',
  'O prazo é de cinco anos, contado da ciência inequívoca do fato.',
  'A competência é da Justiça Federal, por envolver interesse da União.',
  'Não se aplica a regra, pois a lei especial prevalece sobre a geral.',
  'É cabível recurso ordinário, com efeito suspensivo automático.',
  'A responsabilidade é subsidiária e depende de culpa comprovada.',
  'O ato é nulo de pleno direito e não produz efeitos.',
  'A obrigação se extingue com o pagamento feito ao credor putativo.',
]

const arr = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`)

export async function generateBank(db: Db, size: number, log: (msg: string) => void = () => {}) {
  await db.execute(
    sql`TRUNCATE question_topics, attempts, question_usage, error_reports, questions, topics, exams, disciplines RESTART IDENTITY CASCADE`,
  )
  let d = 0
  for (const [name, topics] of DISCIPLINES) {
    d += 1
    const key = name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
    await db.execute(sql`INSERT INTO disciplines (id, name, name_key) VALUES (${d}, ${name}, ${key})`)
    let t = 0
    for (const topic of topics) {
      t += 1
      const tkey = topic.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
      await db.execute(sql`INSERT INTO topics (id, discipline_id, name, name_key) VALUES (${d * 10 + t}, ${d}, ${topic}, ${tkey})`)
    }
  }
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('topics', 'id'), 1000)`)
  // 15 years x 5 boards = 75 exams.
  let e = 0
  for (let year = 2010; year <= 2024; year++)
    for (const board of BOARDS) {
      e += 1
      await db.execute(sql`INSERT INTO exams (id, name, year, board, organization, identity_key)
        VALUES (${e}, ${`${board} ${year} - Prova Objetiva`}, ${year}, ${board}, ${board === 'OAB' ? null : 'Tribunal de Justiça'}, ${`bench-${e}`})`)
    }
  const exams = e
  const batch = 50_000
  for (let from = 1; from <= size; from += batch) {
    const to = Math.min(size, from + batch - 1)
    await db.execute(sql`
      INSERT INTO questions (short_id, exam_id, number, discipline_id, difficulty, statement, alternatives, correct_answer, explanation, year, board, random_key)
      SELECT
        'b' || lpad(to_hex(i), 9, '0'),
        1 + (i % ${exams}),
        i,
        1 + (i % 10),
        (ARRAY['FACIL','MEDIO','DIFICIL'])[1 + (i / 7) % 3],
        o[1 + (i % array_length(o, 1))] || ' ' ||
          CASE WHEN i % 500 = 17 THEN 'usucapião extraordinária de imóvel rural' ELSE s[1 + ((i / 3) % array_length(s, 1))] END || ', ' ||
          CASE WHEN i % 10 < 7 THEN 'no âmbito do direito brasileiro, ' ELSE '' END ||
          c[1 + ((i / 11) % array_length(c, 1))],
        jsonb_build_array(
          jsonb_build_object('letter', 'A', 'text', a[1 + (i % 8)]),
          jsonb_build_object('letter', 'B', 'text', a[1 + ((i + 3) % 8)]),
          jsonb_build_object('letter', 'C', 'text', a[1 + ((i + 5) % 8)]),
          jsonb_build_object('letter', 'D', 'text', a[1 + ((i + 6) % 8)])),
        CASE WHEN i % 997 = 0 THEN NULL ELSE (ARRAY['A','B','C','D'])[1 + (i / 5) % 4] END,
        CASE WHEN i % 3 = 0 THEN 'A alternativa correta decorre da interpretação sistemática da norma.' ELSE NULL END,
        2010 + ((i % ${exams}) / 5),
        (ARRAY[${sql.raw(BOARDS.map((b) => `'${b}'`).join(','))}])[1 + ((i % ${exams}) % 5)],
        random()
      FROM generate_series(${from}::int, ${to}::int) AS g(i),
        (SELECT ${arr(OPENINGS)} AS o, ${arr(SUBJECTS)} AS s, ${arr(CLOSINGS)} AS c, ${arr(ALTERNATIVES)} AS a) AS v`)
    log(`  ${to.toLocaleString('pt-BR')} questões`)
  }
  // One topic per question, from its discipline.
  await db.execute(sql`
    INSERT INTO question_topics (question_id, topic_id)
    SELECT q.id, t.id FROM questions q
    JOIN LATERAL (SELECT id FROM topics WHERE discipline_id = q.discipline_id ORDER BY id OFFSET (q.id % 3) LIMIT 1) t ON true`)
  // What autovacuum does to a loaded table soon after: statistics, and a visibility map that
  // lets the bounded counts read the indexes alone (unvacuumed, a 1M filter count read 1,000
  // heap pages: 35 ms instead of 0.2 ms).
  await db.execute(sql`VACUUM ANALYZE`)
}
