/* eslint-disable jsx-a11y/no-autofocus -- autofocus only the first error of a server-rendered (no-JS) submission: see ErrorList */
import { useHydrated } from '~/utils/use-hydrated'

// Apart from the fields (./forms.tsx), so the answer loop's pages, whose only form errors are these
// lists, load none of the fields' code (issue 41).

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/**
 * A field's (or a form's) errors, announced. Without JS an error comes back in a new page:
 * the first invalid field takes the focus (autofocus, first in document order wins) and a
 * form-level list does when no field before it did. Once hydrated nothing autofocuses, so
 * errors shown while typing never steal the focus.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const hydrated = useHydrated()
  const list = errors?.filter(Boolean)
  if (!list?.length) return null
  return (
    <div id={id} className="field-error" role="alert" tabIndex={-1} autoFocus={!hydrated}>
      <ul>
        {list.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  )
}
