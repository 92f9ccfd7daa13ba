import type { OfflineSource } from './download-button'
import { saveQuestions } from './store'

/**
 * Asks the server for the source's questions (Estudar offline's action) and keeps them on this
 * device; says what happened. A dropped connection throws, for the button to say so.
 */
export async function downloadQuestions(source: OfflineSource, csrf: string) {
  const body = new FormData()
  body.set('csrf', csrf)
  body.set('intent', 'baixar')
  for (const [key, value] of Object.entries(source)) body.set(key, String(value))
  const res = await fetch('/estudar-offline?_data=routes%2Festudar-offline', { method: 'POST', body })
  const data = await res.json()
  if (!res.ok || data.error) return (data.error as string | undefined) ?? 'Não foi possível baixar as questões.'
  await saveQuestions(data.questions.map((q: object) => ({ ...q, downloaded_at: data.downloaded_at })))
  const n = data.questions.length as number
  return `${n === 1 ? '1 questão baixada' : `${n} questões baixadas`} para estudar offline.${data.message ? ` ${data.message}` : ''}`
}
