import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { answerAction } from '~/question/actions.server'

// POST only: answer ('responder') or reveal ('revelar') one question.
export function loader() {
  return redirect('/questoes')
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return answerAction(request, context, Number(params.id))
}
