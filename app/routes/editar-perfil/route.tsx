import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'

import { call } from '#server/client/call'
import { authApi } from '#server/features/auth/contract'
import { profileApi } from '#server/features/profile/contract'
import { birthDateToIso } from '#server/features/profile/profile-messages'
import { Avatar } from '~/components/avatar'
import { CsrfInput } from '~/components/csrf-input'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { CheckboxField, ErrorList, Field, TextareaField } from '~/components/forms'
import { MascotPicker } from '~/components/mascot-picker'
import { PasswordField, useClearPasswordsOnError } from '~/components/password-field'
import { formError } from '~/utils/api.server'
import * as forms from '~/utils/auth-schemas.forms'
import { parseForm } from '~/utils/form-schema.server'
import { GENDER_LABELS, GENDERS, STUDY_TIME_LABELS, STUDY_TIMES } from '~/utils/profile-labels'
import { apiForRequest, requireUser, withSession } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useZodForm } from '~/utils/use-zod-form'

export const meta: MetaFunction = () => [{ title: 'Editar perfil — Gabarita' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const api = await apiForRequest(request, context)
  const { user, profile } = await withSession(request, () => call(api, profileApi.get))
  return json({ user, profile })
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context)
  const formData = await request.formData()
  const api = await apiForRequest(request, context)

  if (formData.get('intent') === 'password') {
    const submission = await parseForm(formData, forms.ChangePasswordFormSchema)
    const hideFields = ['currentPassword', 'newPassword', 'confirmPassword']
    if (submission.status !== 'success') return json({ intent: 'password', result: submission.reply({ hideFields }) }, { status: 400 })
    const { currentPassword, newPassword, confirmPassword } = submission.value
    try {
      await withSession(request, () =>
        call(api, authApi.changePassword, {
          body: { current_password: currentPassword, new_password: newPassword, confirm_password: confirmPassword },
        }),
      )
    } catch (error) {
      const { message, status } = formError(error, 'Erro ao alterar senha')
      const reply =
        message === 'Senha atual incorreta'
          ? submission.reply({ fieldErrors: { currentPassword: [message] }, hideFields })
          : submission.reply({ formErrors: [message], hideFields })
      return json({ intent: 'password', result: reply }, { status })
    }
    return redirectWithToast('/dashboard', { type: 'success', title: 'Senha alterada com sucesso' }, { request })
  }

  const submission = await parseForm(formData, forms.ProfileFormSchema)
  if (submission.status !== 'success') return json({ intent: 'profile', result: submission.reply() }, { status: 400 })
  const v = submission.value
  try {
    await withSession(request, () =>
      call(api, profileApi.update, {
        body: {
          name: v.name,
          phone: v.phone ?? null,
          mascot: v.mascot ?? null,
          birth_date: v.birthDate ?? null,
          gender: v.gender ?? null,
          education_level: v.educationLevel ?? null,
          target_exam: v.targetExam ?? null,
          university: v.university ?? null,
          course: v.course ?? null,
          year: v.year ?? null,
          study_goal: v.studyGoal ?? null,
          preferred_study_time: v.preferredStudyTime ?? null,
          // An unchecked box is simply absent from the form: that means off.
          notifications_enabled: v.notificationsEnabled ?? false,
          bio: v.bio ?? null,
        },
      }),
    )
  } catch (error) {
    const { message, status } = formError(error, 'Erro ao atualizar perfil')
    return json({ intent: 'profile', result: submission.reply({ formErrors: [message] }) }, { status })
  }
  return redirectWithToast('/dashboard', { type: 'success', title: 'Perfil atualizado com sucesso!' }, { request })
}

export default function EditProfilePage() {
  const { user, profile } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null

  const [form, fields] = useZodForm(forms.ProfileFormSchema, {
    id: 'profile-form',
    lastResult: actionData?.intent === 'profile' ? actionData.result : undefined,
    defaultValue: {
      name: user.name,
      phone: user.phone ?? '',
      mascot: user.mascot ?? '',
      birthDate: birthDateToIso(profile.birth_date),
      gender: profile.gender ?? '',
      educationLevel: profile.education_level ?? '',
      targetExam: profile.target_exam ?? '',
      university: profile.university ?? '',
      course: profile.course ?? '',
      year: profile.year ?? '',
      studyGoal: profile.study_goal ?? '',
      preferredStudyTime: profile.preferred_study_time ?? '',
      notificationsEnabled: profile.notifications_enabled ? 'on' : '',
      bio: profile.bio ?? '',
    },
  })
  const [pwForm, pwFields] = useZodForm(forms.ChangePasswordFormSchema, {
    id: 'password-form',
    lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
  })
  useClearPasswordsOnError(actionData?.intent === 'password' ? actionData.result : undefined, [
    pwFields.currentPassword.id,
    pwFields.newPassword.id,
    pwFields.confirmPassword.id,
  ])
  const saving = pendingIntent === 'profile'
  const currentMascot = (fields.mascot.value as string | undefined) ?? user.mascot

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <Link
        to="/dashboard"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para o painel
      </Link>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Editar perfil</h1>

      <Form method="POST" className="mt-6 space-y-8" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="intent" value="profile" />
        <fieldset disabled={saving} className="space-y-8">
          <section className="card" aria-labelledby="foto-titulo">
            <h2 id="foto-titulo" className="text-lg font-semibold">
              Foto
            </h2>
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <Avatar name={user.name} mascot={currentMascot} avatarUrl={user.avatar_url} size="lg" />
              {/* Beside the avatar, or under it on a screen too narrow for both. */}
              <div className="flex-[1_1_8rem] text-sm text-slate-600 dark:text-slate-300">
                <p>Escolha um mascote para o seu avatar.</p>
                <p>Envio de foto: em breve.</p>
              </div>
            </div>
            <fieldset className="mt-4">
              <legend className="label">Mascote</legend>
              <MascotPicker kind="radio" inputProps={(mascot) => getInputProps(fields.mascot, { type: 'radio', value: mascot })} />
              <ErrorList errors={fields.mascot.errors} />
            </fieldset>
          </section>

          <section className="card space-y-4" aria-labelledby="dados-titulo">
            <h2 id="dados-titulo" className="text-lg font-semibold">
              Dados pessoais
            </h2>
            <Field
              label="Nome completo"
              inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
              errors={fields.name.errors}
            />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field
                label="Telefone"
                inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
                errors={fields.phone.errors}
              />
              <Field
                label="Data de nascimento"
                inputProps={getInputProps(fields.birthDate, { type: 'date' })}
                errors={fields.birthDate.errors}
              />
              <div>
                <label htmlFor={fields.gender.id} className="label">
                  Gênero
                </label>
                <select className="input" {...getSelectProps(fields.gender)}>
                  <option value="">Selecione</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {GENDER_LABELS[g]}
                    </option>
                  ))}
                </select>
                <ErrorList errors={fields.gender.errors} />
              </div>
              <Field
                label="Escolaridade"
                inputProps={getInputProps(fields.educationLevel, { type: 'text' })}
                errors={fields.educationLevel.errors}
              />
              <Field
                label="Universidade"
                inputProps={getInputProps(fields.university, { type: 'text' })}
                errors={fields.university.errors}
              />
              <Field label="Curso" inputProps={getInputProps(fields.course, { type: 'text' })} errors={fields.course.errors} />
              <Field
                label="Período/Ano"
                inputProps={{ ...getInputProps(fields.year, { type: 'number' }), min: 0, step: 1 }}
                errors={fields.year.errors}
              />
              <Field label="Prova-alvo" inputProps={getInputProps(fields.targetExam, { type: 'text' })} errors={fields.targetExam.errors} />
            </div>
            <Field label="Objetivo" inputProps={getInputProps(fields.studyGoal, { type: 'text' })} errors={fields.studyGoal.errors} />
            <div>
              <label htmlFor={fields.preferredStudyTime.id} className="label">
                Horário preferido de estudo
              </label>
              <select className="input" {...getSelectProps(fields.preferredStudyTime)}>
                <option value="">Selecione</option>
                {STUDY_TIMES.map((t) => (
                  <option key={t} value={t}>
                    {STUDY_TIME_LABELS[t]}
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.preferredStudyTime.errors} />
            </div>
            <TextareaField label="Biografia" textareaProps={getTextareaProps(fields.bio)} errors={fields.bio.errors} />
            <CheckboxField label="Receber notificações" inputProps={getInputProps(fields.notificationsEnabled, { type: 'checkbox' })} />
          </section>
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-3">
          <Link to="/dashboard" className="btn-secondary">
            Cancelar
          </Link>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar Alterações'}
          </button>
        </div>
      </Form>

      <section className="card mt-8" aria-labelledby="conta-titulo">
        <h2 id="conta-titulo" className="text-lg font-semibold">
          Configurações da conta
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Ao alterar a senha, as outras sessões abertas com a sua conta são encerradas.
        </p>
        <Form method="POST" className="mt-4 space-y-4" {...getFormProps(pwForm)}>
          <CsrfInput />
          <input type="hidden" name="intent" value="password" />
          <PasswordField
            label="Senha atual"
            inputProps={{ ...getInputProps(pwFields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
            errors={pwFields.currentPassword.errors}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <PasswordField
              label="Nova senha"
              inputProps={{ ...getInputProps(pwFields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
              errors={pwFields.newPassword.errors}
            />
            <PasswordField
              label="Confirmar nova senha"
              inputProps={{ ...getInputProps(pwFields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
              errors={pwFields.confirmPassword.errors}
            />
          </div>
          <ErrorList id={pwForm.errorId} errors={pwForm.errors} />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={pendingIntent === 'password'}>
              {pendingIntent === 'password' ? 'Alterando...' : 'Alterar senha'}
            </button>
          </div>
        </Form>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
