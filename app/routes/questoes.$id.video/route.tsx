import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useFetcher, useLoaderData } from '@remix-run/react'
import { useRef, useState } from 'react'

import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Icon } from '~/components/icons'
import { RouteDialog } from '~/components/route-dialog'
import { toolLinkSelector } from '~/question/card-actions'
import { formatDateTime } from '~/utils/format'
import { useRootData } from '~/utils/root-data'
import { useHydrated } from '~/utils/use-hydrated'

import { loadVideo, videoAction } from './video.server'

// Vídeo (issue 12), nested in the /questoes layout: a dialog over the list with JS, a section of
// the page without. Click to load: no frame and no request to the video site before the
// student asks (a button with JS, the `?assistir=1` link without).

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Vídeo — ${data.question.label} — Gabarita` : 'Vídeo — Gabarita' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadVideo(request, context, params.id)
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return videoAction(request, context, params.id)
}

const muted = 'text-sm text-slate-600 dark:text-slate-400'
const facade =
  'flex h-full w-full flex-col items-center justify-center gap-2 text-lg font-semibold text-white hover:bg-slate-800 focus-visible:outline focus-visible:outline-4 focus-visible:outline-brand-500'

export default function VideoRoute() {
  const data = useLoaderData<typeof loader>()
  const state = data.state
  return (
    <RouteDialog
      titleId="video-titulo"
      title={`Vídeo — ${data.question.label}`}
      back={data.back}
      focusOnClose={toolLinkSelector(data.question.id, 'video')}
    >
      {state.kind === 'ok' ? (
        <Player key={data.self} video={state.video} self={data.self} playUrl={data.playUrl} startPlaying={data.play} />
      ) : state.kind === 'none' ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {state.message}
        </p>
      ) : (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{state.message}</p>
          {state.kind === 'invalid' ? <p className="mt-1">{state.detail}</p> : null}
        </div>
      )}
    </RouteDialog>
  )
}

type Video = { title: string; description: string; embedUrl: string; shareUrl: string; watchedAt: string | null }

function Player({ video, self, playUrl, startPlaying }: { video: Video; self: string; playUrl: string; startPlaying: boolean }) {
  const hydrated = useHydrated()
  const [playing, setPlaying] = useState(startPlaying)
  const [copyFailed, setCopyFailed] = useState(false)
  const root = useRootData()
  const mark = useFetcher<{ ok: boolean; watchedAt?: string | null }>({ key: 'video-assistido' })
  const copy = useFetcher({ key: 'video-copiado' })
  const marked = useRef(false)
  const watchedAt = mark.data?.watchedAt ?? video.watchedAt

  const markOnLoad = () => {
    // With JS the video counts as watched once its player has loaded (spec section 4).
    if (!hydrated || watchedAt || marked.current) return
    marked.current = true
    mark.submit({ csrf: root?.csrf ?? '', intent: 'assistido', auto: '1' }, { method: 'post', action: self })
  }

  return (
    <div className="mt-4 space-y-3">
      <div>
        <h3 className="font-semibold">{video.title}</h3>
        <p className={muted}>{video.description}</p>
      </div>
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
        {playing ? (
          <iframe
            src={video.embedUrl}
            title={video.title}
            className="h-full w-full"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={markOnLoad}
            data-testid="video-player"
          />
        ) : hydrated ? (
          <button type="button" className={facade} onClick={() => setPlaying(true)} data-testid="video-facade">
            <Icon name="video" className="h-14 w-14" />
            <span>Assistir ao vídeo</span>
          </button>
        ) : (
          <Link to={playUrl} preventScrollReset className={facade} data-testid="video-facade">
            <Icon name="video" className="h-14 w-14" />
            <span>Assistir ao vídeo</span>
          </Link>
        )}
      </div>
      <p className={muted}>
        O vídeo só é carregado quando você pede, pelo modo de privacidade aprimorada do YouTube (youtube-nocookie.com).
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {watchedAt ? (
          <p
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-green-700 dark:text-green-400"
            data-testid="video-assistido"
          >
            <Icon name="check" className="h-5 w-5" /> {`Assistido em ${formatDateTime(watchedAt)}`}
          </p>
        ) : (
          <Form method="post" action={self} preventScrollReset>
            <CsrfInput />
            <button type="submit" name="intent" value="assistido" className="btn-primary">
              Marcar como assistido
            </button>
          </Form>
        )}
        {hydrated ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(video.shareUrl)
              } catch {
                // No clipboard permission: the link is shown to copy by hand.
                setCopyFailed(true)
                return
              }
              copy.submit({ csrf: root?.csrf ?? '', intent: 'copiado' }, { method: 'post', action: self })
            }}
          >
            Copiar link
          </button>
        ) : null}
        {!hydrated || copyFailed ? (
          <a href={video.shareUrl} className="btn-secondary" rel="noopener noreferrer" target="_blank">
            {`Link do vídeo: ${video.shareUrl}`}
          </a>
        ) : null}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
