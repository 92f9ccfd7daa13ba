import { useRootData } from '~/utils/root-data'

/** The CSRF token every POST form repeats (checked by server/web/page-guard.ts before any action). */
export function CsrfInput() {
  const data = useRootData()
  return <input type="hidden" name="csrf" value={data?.csrf ?? ''} />
}
