import { getFormProps, getInputProps } from '@conform-to/react'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { Download, Trash2 } from 'lucide-react'

import { Avatar } from '~/components/avatar'
import { CsrfInput } from '~/components/csrf-input'
import { CheckboxField, ErrorList, Field } from '~/components/forms'
import { ThemeSwitch } from '~/components/theme-switch'
import * as preferenceForms from '~/dashboard/preferences-schemas.forms'
import { SETTINGS_TAB_URL } from '~/dashboard/tabs'
import { useZodForm } from '~/utils/use-zod-form'

import * as forms from './schemas.forms'
import type { ReviewSettingsActionData, SettingsTabData } from './settings.server'

const PREFERENCES_ACTION = '/minha-conta/preferencias'

// Contract with route.tsx: the Configurações tab's panel. Preferences, Revisão (issue 30), mascot,
// theme, the data export (a plain link: the browser saves the file) and the way to delete the account.
export function SettingsTab({ data }: { data: SettingsTabData }) {
  return (
    <div className="space-y-6">
      {/* Remounted when the stored values change, so the boxes always show what was saved. */}
      <PreferencesForm key={`${data.notificationsEnabled}-${data.rankingOptOut}`} data={data} />
      <ReviewSettingsForm key={`${data.review.desired_retention}-${data.review.daily_limit}`} settings={data.review} />

      <section aria-labelledby="config-aparencia" className="card">
        <h2 id="config-aparencia" className="text-lg font-semibold">
          Aparência
        </h2>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Avatar name={data.user.name} mascot={data.user.mascot} avatarUrl={data.user.avatarUrl} />
          <Link to={`/dashboard/mascote?aba=configuracoes`} preventScrollReset className="btn-secondary">
            Trocar mascote
          </Link>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <span id="config-tema" className="text-sm font-medium">
            Tema
          </span>
          <div role="group" aria-labelledby="config-tema">
            <ThemeSwitch theme={data.theme} redirectTo={SETTINGS_TAB_URL} />
          </div>
        </div>
      </section>

      <section aria-labelledby="config-dados" className="card">
        <h2 id="config-dados" className="text-lg font-semibold">
          Seus dados
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Um arquivo JSON com tudo o que guardamos sobre você: perfil, respostas, anotações, cadernos, mensagens no fórum e com o
          assistente, assinaturas, pagamentos e recibos (direito de acesso da LGPD).
        </p>
        {/* A document request, not a client navigation: the browser saves the file, with or without JS. */}
        <a href="/minha-conta/exportar" className="btn-secondary mt-3" download>
          <Download className="h-4 w-4" aria-hidden /> Baixar meus dados
        </a>
        <Link to="/minha-conta/recibos" className="btn-ghost mt-3">
          Pagamentos e recibos
        </Link>
      </section>

      <section aria-labelledby="config-excluir" className="card border-red-200 dark:border-red-900">
        <h2 id="config-excluir" className="text-lg font-semibold">
          Excluir conta
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Apaga seus dados pessoais e encerra a sessão. Suas mensagens no fórum ficam, como “Usuário removido”; os pagamentos ficam
          guardados, sem ligação com você, como a lei exige.
        </p>
        <Link to="/minha-conta/excluir" className="btn-secondary mt-3 text-red-700 dark:text-red-400">
          <Trash2 className="h-4 w-4" aria-hidden /> Excluir minha conta
        </Link>
      </section>
    </div>
  )
}

function PreferencesForm({ data }: { data: SettingsTabData }) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formAction === PREFERENCES_ACTION
  const [form, fields] = useZodForm(preferenceForms.PreferencesFormSchema, {
    id: 'preferencias',
    defaultValue: { notificationsEnabled: data.notificationsEnabled, rankingOptOut: data.rankingOptOut },
  })
  return (
    <section aria-labelledby="config-preferencias" className="card">
      <h2 id="config-preferencias" className="text-lg font-semibold">
        Preferências
      </h2>
      <Form method="POST" action={PREFERENCES_ACTION} className="mt-4 space-y-4" {...getFormProps(form)}>
        <CsrfInput />
        <CheckboxField label="Receber notificações" inputProps={getInputProps(fields.notificationsEnabled, { type: 'checkbox' })} />
        <div>
          <CheckboxField
            label="Não aparecer no ranking semanal"
            inputProps={{ ...getInputProps(fields.rankingOptOut, { type: 'checkbox' }), 'aria-describedby': 'ranking-ajuda' }}
          />
          <p id="ranking-ajuda" className="ml-7 mt-1 text-sm text-slate-600 dark:text-slate-300">
            O ranking mostra os 20 alunos com mais acertos na semana, só com o primeiro nome e a inicial do sobrenome.
          </p>
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar preferências'}
        </button>
      </Form>
    </section>
  )
}

/** Desired retention (shown as a percentage) and the daily limit, posted to the dashboard's action (`intent=revisao`). */
function ReviewSettingsForm({ settings }: { settings: SettingsTabData['review'] }) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'revisao'
  const actionData = useActionData<ReviewSettingsActionData>()
  const [form, fields] = useZodForm(forms.ReviewSettingsFormSchema, {
    id: 'revisao',
    lastResult: actionData?.formId === 'revisao' ? actionData.result : undefined,
    defaultValue: { retencao: String(Math.round(settings.desired_retention * 100)), limite: String(settings.daily_limit) },
  })
  return (
    <section id="config-revisao" aria-labelledby="config-revisao-titulo" className="card">
      <h2 id="config-revisao-titulo" className="text-lg font-semibold">
        Revisão
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Cada questão respondida volta para revisão quando a chance de você lembrar dela cai até a retenção desejada: mais alta, mais
        revisões.
      </p>
      <Form method="POST" action={SETTINGS_TAB_URL} preventScrollReset className="mt-4 space-y-4" {...getFormProps(form)}>
        <CsrfInput />
        <Field
          label="Retenção desejada (%)"
          hint="De 80 a 95 (padrão 90)."
          inputProps={{ ...getInputProps(fields.retencao, { type: 'text' }), inputMode: 'numeric', className: 'input max-w-32' }}
          errors={fields.retencao.errors}
        />
        <Field
          label="Limite de revisões por dia"
          hint="De 1 a 500 (padrão 50)."
          inputProps={{ ...getInputProps(fields.limite, { type: 'number' }), className: 'input max-w-32' }}
          errors={fields.limite.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="revisao" className="btn-primary" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar revisão'}
        </button>
      </Form>
    </section>
  )
}
