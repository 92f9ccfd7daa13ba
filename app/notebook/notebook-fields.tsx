import type { FieldMetadata, SubmissionResult } from '@conform-to/react'
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'

import { NOTEBOOK_DESCRIPTION_MAX, NOTEBOOK_NAME_MAX } from '#server/features/notebooks/limits'
import { CsrfInput } from '~/components/csrf-input'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import * as forms from '~/notebook/schemas.forms'
import { useZodForm } from '~/utils/use-zod-form'

/** A notebook's name and optional description, as every notebook form asks for them (create and edit). */
export function NotebookFields({
  fields,
  rows = 2,
}: {
  fields: { nome: FieldMetadata<string>; descricao: FieldMetadata<string | undefined> }
  rows?: number
}) {
  return (
    <>
      <Field
        label="Nome do caderno"
        inputProps={{ ...getInputProps(fields.nome, { type: 'text' }), maxLength: NOTEBOOK_NAME_MAX }}
        errors={fields.nome.errors}
      />
      <TextareaField
        label="Descrição (opcional)"
        textareaProps={{
          ...getTextareaProps(fields.descricao),
          maxLength: NOTEBOOK_DESCRIPTION_MAX,
          rows,
          className: `input ${rows > 2 ? 'min-h-20' : 'min-h-16'}`,
        }}
        errors={fields.descricao.errors}
      />
    </>
  )
}

/**
 * Creating a notebook (`intent=criar`), where a student does it: the question's Fichário dialog
 * and the dashboard's Cadernos tab. At the plan's limit the action's 403 comes back with the
 * plans' address, shown as a link beside the error.
 */
export function CreateNotebookForm({
  id,
  action,
  lastResult,
  plansUrl,
  submitLabel,
  className,
}: {
  id: string
  action: string
  lastResult?: SubmissionResult<string[]>
  plansUrl?: string
  submitLabel: string
  className: string
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'criar'
  const [form, fields] = useZodForm(forms.CreateNotebookSchema, { id, lastResult })
  return (
    <Form method="post" action={action} preventScrollReset className={className} {...getFormProps(form)}>
      <CsrfInput />
      <NotebookFields fields={fields} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {plansUrl ? (
        <Link to={plansUrl} className="inline-flex min-h-11 items-center font-semibold underline">
          Ver planos
        </Link>
      ) : null}
      <button type="submit" name="intent" value="criar" className="btn-primary" disabled={busy}>
        {busy ? 'Criando...' : submitLabel}
      </button>
    </Form>
  )
}
