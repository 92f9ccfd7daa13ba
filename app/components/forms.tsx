/* eslint-disable jsx-a11y/no-autofocus -- autofocus only the first error of a server-rendered (no-JS) submission: see ErrorList */
import { useId } from 'react'

import { useHydrated } from '~/utils/use-hydrated'

import { ErrorList, type ListOfErrors } from './error-list'

export { ErrorList, type ListOfErrors }

/** Conform's props without their `key`: React warns when a spread carries one. */
export function withoutKey<T extends { key?: unknown }>({ key: _key, ...props }: T) {
  return props
}

/**
 * The control's id (given or generated); when there are errors, the id of their list and,
 * on a server-rendered page, autofocus (see ErrorList).
 */
export function useFieldIds(givenId: string | undefined, errors?: ListOfErrors) {
  const fallbackId = useId()
  const hydrated = useHydrated()
  const id = givenId ?? fallbackId
  const invalid = Boolean(errors?.some(Boolean))
  return { id, errorId: invalid ? `${id}-error` : undefined, errorFocus: invalid && !hydrated ? true : undefined }
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
  const { id, errorId, errorFocus } = useFieldIds(inputProps.id, errors)
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
        autoFocus={errorFocus ?? inputProps.autoFocus}
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
  hint,
  className,
}: {
  label: React.ReactNode
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
  hint?: React.ReactNode
  className?: string
}) {
  const { id, errorId, errorFocus } = useFieldIds(textareaProps.id, errors)
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        className="input min-h-32"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...textareaProps}
        autoFocus={errorFocus ?? textareaProps.autoFocus}
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
  const { id, errorId, errorFocus } = useFieldIds(inputProps.id, errors)
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
          autoFocus={errorFocus ?? inputProps.autoFocus}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
