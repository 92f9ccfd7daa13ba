import * as z from 'zod'

/** The five admin toggles of spec section 3, in the API's names. */
export const TOGGLE_KEYS = ['notebooksEnabled', 'commentsEnabled', 'chatEnabled', 'adsEnabled', 'commentedQuestionsEnabled'] as const
export type ToggleKey = (typeof TOGGLE_KEYS)[number]

// A checked box sends 'on', an unchecked one sends nothing: absent means off.
export const TogglesFormSchema = z.object(
  Object.fromEntries(TOGGLE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<ToggleKey, z.ZodOptional<z.ZodBoolean>>,
)
