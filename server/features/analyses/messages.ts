import type { AnalysisAction } from '../../db/schema'

// What the analysis desk says (issue 40), in one place: the API, the pages and the CLI read these.

export const DESK_LOGIN = 'Entre com uma conta de professor para usar a mesa de análises.'
export const QUESTION_NOT_FOUND = 'Questão não encontrada'
export const EXAM_NOT_FOUND = 'Prova não encontrada'
export const ANALYSIS_PUBLISHED = 'Análise publicada: os alunos já a veem.'
export const ANALYSIS_UPDATED = 'Análise atualizada. A versão anterior fica no histórico.'
export const ANALYSIS_UNCHANGED = 'Nada mudou: o texto e os comentários são os publicados.'
export const ANALYSIS_UNPUBLISHED = 'Análise despublicada: os alunos não a veem mais. O texto fica no histórico.'
export const NOTHING_TO_UNPUBLISH = 'Esta questão não tem análise publicada.'
export const POST_NOT_FOUND = 'Comentário da comunidade não encontrado nesta questão.'
export const EXPLANATION_NOT_FOUND = 'Explicação de aluno não encontrada nesta questão (publicada).'
export const TEXT_MAX = 20_000
export const COMMENT_MAX = 2_000

/** Someone else saved first: nothing is overwritten, the editor keeps the writer's text. */
export function conflictMessage(author: string | null, version: number) {
  const who = author ?? 'Outra pessoa'
  return `${who} alterou esta análise enquanto você editava (agora na versão ${version}). Nada foi sobrescrito: compare com o texto atual e publique de novo para manter o seu.`
}

export const ACTION_LABELS: Record<AnalysisAction, string> = {
  publish: 'Publicada',
  edit: 'Editada',
  unpublish: 'Despublicada',
  promote: 'Publicada a partir da comunidade',
  import: 'Importada com a prova',
}
