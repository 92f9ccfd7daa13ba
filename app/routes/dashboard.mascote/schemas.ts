import * as z from 'zod'

import { MASCOTS } from '~/utils/auth-schemas'

// The mascot picker's form (one submit button per mascot), shared by the dialog and its action.
export const MascotFormSchema = z.object({
  mascot: z.enum(MASCOTS, { error: 'Escolha um dos mascotes' }),
})

/** The dashboard URL to go back to, keeping only the open tab (`aba`) of the URL it opened from. */
export function dashboardBack(url: URL) {
  const aba = url.searchParams.get('aba')
  return aba && /^[a-z-]{1,30}$/.test(aba) ? `/dashboard?aba=${aba}` : '/dashboard'
}
