import { useId } from 'react'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean)
  if (!list?.length) return null
  return (
    <ul id={id} className="field-error" role="alert">
      {list.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

/** The control's id (given or generated) and, when there are errors, the id of their list. */
export function useFieldIds(givenId: string | undefined, errors?: ListOfErrors) {
  const fallbackId = useId()
  const id = givenId ?? fallbackId
  return { id, errorId: errors?.some(Boolean) ? `${id}-error` : undefined }
}

type FieldProps = {
  label: React.ReactNode
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  hint?: React.ReactNode
  className?: string
}

/** Label + input + errors, wired for screen readers (aria-invalid, aria-describedby). */
export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const { id, errorId } = useFieldIds(inputProps.id, errors)
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  className,
}: {
  label: React.ReactNode
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
  className?: string
}) {
  const { id, errorId } = useFieldIds(textareaProps.id, errors)
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        className="input min-h-32"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        {...textareaProps}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function CheckboxField({
  label,
  inputProps,
  errors,
  className,
}: {
  label: React.ReactNode
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  className?: string
}) {
  const { id, errorId } = useFieldIds(inputProps.id, errors)
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 rounded border-slate-300 text-brand-600"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
