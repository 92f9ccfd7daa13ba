import type { LucideIcon } from 'lucide-react'
import { Bird, Cat, Dog, Fish, Rabbit, Squirrel } from 'lucide-react'

export const MASCOT_ICONS: Record<string, LucideIcon> = { cat: Cat, dog: Dog, fish: Fish, bird: Bird, rabbit: Rabbit, squirrel: Squirrel }

/** The name's first two letters (of the first and last words when there are several). */
export function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (!words.length) return '?'
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : words[0].slice(0, 2)
  return letters.toUpperCase()
}

/** Photo, else the chosen mascot, else the initials. */
export function Avatar({
  name,
  mascot,
  avatarUrl,
  size = 'md',
}: {
  name: string
  mascot?: string | null
  avatarUrl?: string | null
  size?: 'md' | 'lg'
}) {
  const box = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-12 w-12 text-base'
  const Icon = mascot ? MASCOT_ICONS[mascot] : undefined
  if (avatarUrl) return <img src={avatarUrl} alt={`Foto de ${name}`} className={`${box} rounded-full object-cover`} />
  return (
    <span
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100`}
      role="img"
      aria-label={`Avatar de ${name}`}
    >
      {Icon ? <Icon className="h-1/2 w-1/2" aria-hidden /> : initials(name)}
    </span>
  )
}
