import { createIcons } from './sprite'

/** The question cards' icons (sprite rendered by the pages that list cards); the tools', the lock's and the flag's are CSS masks (questions.css). */
export const { Sprite: IconSprite, Icon } = createIcons('i', {
  check: <path d="M20 6 9 17l-5-5" />,
  x: <path d="M18 6 6 18M6 6l12 12" />,
  video: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m10 8 6 4-6 4z" />
    </>
  ),
})
