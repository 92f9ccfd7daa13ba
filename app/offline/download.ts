import { keptFor } from './owner'
import { saveQuestions, storedQuestions } from './store'

/** What to download: a modo resolução run or the review queue (their filters), or a notebook. */
export type OfflineSource = { fonte: 'busca' | 'revisao'; filtros: string } | { fonte: 'caderno'; caderno: number }

/**
 * Asks the server for the source's questions (Estudar offline's action) and keeps them on this
 * device for the account signed in; says what happened. A question downloaded before keeps its
 * place and its mark. A dropped connection throws, for the button to say so.
 */
export async function downloadQuestions(source: OfflineSource, csrf: string) {
  const owner = keptFor()
  if (!owner) return 'Entre na sua conta para baixar questões.'
  const body = new FormData()
  body.set('csrf', csrf)
  body.set('intent', 'baixar')
  for (const [key, value] of Object.entries(source)) body.set(key, String(value))
  const res = await fetch('/estudar-offline?_data=routes%2Festudar-offline', { method: 'POST', body })
  const data = await res.json()
  if (!res.ok || data.error) return (data.error as string | undefined) ?? 'Não foi possível baixar as questões.'
  const before = new Map((await storedQuestions(owner)).map((q) => [q.id, q]))
  await saveQuestions(
    data.questions.map((q: { id: number }, order: number) => {
      const kept = before.get(q.id)
      return {
        ...q,
        owner,
        downloaded_at: kept?.downloaded_at ?? data.downloaded_at,
        order: kept?.order ?? order,
        answered: kept?.answered,
      }
    }),
  )
  const n = data.questions.length as number
  return `${n === 1 ? '1 questão baixada' : `${n} questões baixadas`} para estudar offline.${data.message ? ` ${data.message}` : ''}`
}
