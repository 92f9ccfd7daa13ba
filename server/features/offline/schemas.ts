import * as z from 'zod'

import { ANSWER_MESSAGE, ANSWERED_AT_MESSAGE, ANSWERS_MESSAGE, CLIENT_ID_MESSAGE, DOWNLOAD_MAX, IDS_MESSAGE, SYNC_MAX } from './messages'

// The bodies of offline practice (ADR 056). JSON only: numbers are numbers, nothing is coerced.

const id = z
  .number({ error: IDS_MESSAGE })
  .int({ error: IDS_MESSAGE })
  .min(1, { error: IDS_MESSAGE })
  .max(2_147_483_647, { error: IDS_MESSAGE })

export const DownloadBody = z
  .object({
    question_ids: z.array(id, { error: IDS_MESSAGE }).min(1, { error: IDS_MESSAGE }).max(DOWNLOAD_MAX, { error: IDS_MESSAGE }),
  })
  .meta({ id: 'OfflineDownloadBody' })

export const OfflineAnswer = z.object({
  client_id: z.uuid({ error: CLIENT_ID_MESSAGE }),
  question_id: id,
  answer: z.string({ error: ANSWER_MESSAGE }).regex(/^[A-Ea-e]$/, { error: ANSWER_MESSAGE }),
  answered_at: z.iso.datetime({ error: ANSWERED_AT_MESSAGE, offset: true }),
  /** A question answered on its page when the connection dropped: the signed shown-at token of that page, in place of a download. */
  shown_token: z.string().max(100).optional(),
})

export const SyncBody = z
  .object({
    answers: z
      .array(OfflineAnswer, { error: ANSWERS_MESSAGE })
      .min(1, { error: ANSWERS_MESSAGE })
      .max(SYNC_MAX, { error: ANSWERS_MESSAGE }),
  })
  .meta({ id: 'OfflineSyncBody' })
export type SyncBody = z.output<typeof SyncBody>
