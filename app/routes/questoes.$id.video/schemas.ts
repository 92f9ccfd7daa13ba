import * as z from 'zod'

/**
 * The Vídeo dialog's one action: 'assistido' marks the video watched (the form, or with JS
 * automatically when the player loads: `auto` answers JSON instead of a redirect); 'copiado'
 * only raises the 'Link copiado!' toast after the browser copied the link.
 */
export const VideoActionSchema = z.object({
  intent: z.enum(['assistido', 'copiado']),
  auto: z.literal('1').optional(),
})
