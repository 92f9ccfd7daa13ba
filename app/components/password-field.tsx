/* eslint-disable jsx-a11y/no-autofocus -- autofocus only the first error of a server-rendered (no-JS) submission: see ErrorList */
import { Eye, EyeOff } from 'lucide-react'
import { useEffect, useState } from 'react'

import type { ListOfErrors } from '~/components/forms'
import { ErrorList, useFieldIds } from '~/components/forms'
import { useHydrated } from '~/utils/use-hydrated'

/**
 * A password input whose show/hide button appears only with JS (without it the field
 * is a plain password input). The button has its own name, so the label stays as given.
 */
export function PasswordField({
  label,
  inputProps,
  errors,
  className,
}: {
  label: string
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  className?: string
}) {
  const hydrated = useHydrated()
  const [visible, setVisible] = useState(false)
  const { id, errorId, errorFocus } = useFieldIds(inputProps.id, errors)
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          className="input pr-12"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          {...inputProps}
          autoFocus={errorFocus ?? inputProps.autoFocus}
          type={visible ? 'text' : 'password'}
        />
        {hydrated ? (
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
            aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
            aria-controls={id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff className="h-5 w-5" aria-hidden /> : <Eye className="h-5 w-5" aria-hidden />}
          </button>
        ) : null}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/**
 * After a failed submission handled by JS, the browser would keep the typed passwords:
 * clear them, as the server-rendered page (no JS) does.
 */
export function useClearPasswordsOnError(lastResult: { status?: string } | undefined, ids: string[]) {
  useEffect(() => {
    if (lastResult?.status !== 'error') return
    for (const id of ids) {
      const input = document.getElementById(id)
      if (input instanceof HTMLInputElement) input.value = ''
    }
    // Runs per submission result; the ids are fixed for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult])
}
