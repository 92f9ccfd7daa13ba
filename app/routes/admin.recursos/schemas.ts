import * as z from 'zod'

import type { ToggleKey } from './toggles'
import { TOGGLE_KEYS } from './toggles'

// A checked box sends 'on', an unchecked one sends nothing: absent means off.
export const TogglesFormSchema = z.object(
  Object.fromEntries(TOGGLE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<ToggleKey, z.ZodOptional<z.ZodBoolean>>,
)
