import type { FieldMetadata } from '@conform-to/react'
import { getInputProps, getTextareaProps } from '@conform-to/react'

import { NOTEBOOK_DESCRIPTION_MAX, NOTEBOOK_NAME_MAX } from '#server/domain/notebooks/schemas'

import { Field, TextareaField } from './forms'

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
