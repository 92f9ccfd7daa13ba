import type { SubmissionResult } from '@conform-to/react'

/**
 * A form's errors as its action answered them (Conform's reply), for the answer loop's pages, which
 * keep Conform's runtime out of their first load (issue 41): the browser checks `required`, the
 * action parses the rest with the form's one zod schema and its reply is shown here.
 */
export function formReply(id: string, result: SubmissionResult<string[]> | null | undefined) {
  const error = result?.error ?? {}
  const errorsOf = (name: string) => {
    const errors = error[name]
    return errors?.length ? { errorId: `${id}-${name || 'form'}-error`, errors } : { errorId: undefined, errors: undefined }
  }
  return { form: { id, ...errorsOf('') }, field: errorsOf }
}
