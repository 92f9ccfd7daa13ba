import * as z from 'zod'

import type { AdminToggle as ToggleKey } from '#server/domain/toggles/names'
import { ADMIN_TOGGLES as TOGGLE_KEYS } from '#server/domain/toggles/names'

// A checked box sends 'on', an unchecked one sends nothing: absent means off.
export const TogglesFormSchema = z.object(
  Object.fromEntries(TOGGLE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<ToggleKey, z.ZodOptional<z.ZodBoolean>>,
)
