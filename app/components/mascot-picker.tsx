import type { InputHTMLAttributes } from 'react'

import { MASCOT_LABELS, MASCOTS } from '~/utils/profile-labels'

import { MASCOT_ICONS } from './avatar'

export type Mascot = (typeof MASCOTS)[number]

const CHOICE =
  'flex min-h-11 cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700 focus-visible:outline-none'
const CHOSEN_RADIO =
  'focus-within:ring-2 focus-within:ring-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-950'
const CHOSEN_BUTTON =
  'hover:border-brand-400 focus-visible:ring-2 focus-visible:ring-brand-500 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 dark:aria-pressed:bg-brand-950'

function MascotFace({ mascot }: { mascot: Mascot }) {
  const Icon = MASCOT_ICONS[mascot]
  return (
    <>
      <Icon className="h-6 w-6" aria-hidden />
      {MASCOT_LABELS[mascot]}
    </>
  )
}

/**
 * The six mascots. As radios inside a larger form (Editar perfil: `inputProps` per mascot), or
 * as submit buttons named `name` where one click is the whole choice (the dashboard's picker).
 */
export function MascotPicker(
  props:
    | { kind: 'radio'; inputProps: (mascot: Mascot) => InputHTMLAttributes<HTMLInputElement> }
    | { kind: 'submit'; name: string; current: string | null; disabled?: boolean },
) {
  return (
    <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
      {MASCOTS.map((mascot) =>
        props.kind === 'radio' ? (
          <label key={mascot} className={`${CHOICE} ${CHOSEN_RADIO}`}>
            <input className="sr-only" {...props.inputProps(mascot)} />
            <MascotFace mascot={mascot} />
          </label>
        ) : (
          <button
            key={mascot}
            type="submit"
            name={props.name}
            value={mascot}
            aria-pressed={props.current === mascot}
            disabled={props.disabled}
            className={`${CHOICE} ${CHOSEN_BUTTON}`}
          >
            <MascotFace mascot={mascot} />
          </button>
        ),
      )}
    </div>
  )
}
