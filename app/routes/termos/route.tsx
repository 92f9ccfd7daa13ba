import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { GeneralErrorBoundary } from '~/components/error-boundary'

type Tab = 'termos' | 'privacidade'
type Section = { id: string; title: string; paragraphs: string[] }

const UPDATED_AT = '21 de novembro de 2026'
const PRIVACY_EMAIL = 'contato@gabarita.app'

const TABS: Array<{ id: Tab; label: string; href: string }> = [
  { id: 'termos', label: 'Termos de Uso', href: '/termos' },
  { id: 'privacidade', label: 'Política de Privacidade', href: '/termos?aba=privacidade' },
]

const TERMS: Section[] = [
  {
    id: 'aceitacao',
    title: '1. Aceitação dos termos',
    paragraphs: [
      'Ao criar uma conta ou usar o Gabarita você declara que leu e concorda com estes Termos de Uso e com a Política de Privacidade. Se não concordar, não utilize a plataforma.',
      'Podemos atualizar estes termos para refletir mudanças no serviço ou na legislação. Mudanças relevantes serão avisadas na plataforma ou por email com antecedência razoável; o uso continuado depois da vigência significa concordância com a nova versão.',
    ],
  },
  {
    id: 'servico',
    title: '2. Descrição do serviço',
    paragraphs: [
      'O Gabarita é uma plataforma de estudo para o Exame de Ordem (OAB) e concursos públicos: oferece um banco de questões no formato das provas com filtros, gabaritos, explicações, cadernos, anotações e acompanhamento de desempenho, conforme o plano contratado.',
      'O Gabarita não tem vínculo com a OAB, com bancas examinadoras ou com órgãos públicos. Os enunciados reproduzem provas públicas; comentários e explicações são material de apoio e não substituem a legislação, a doutrina ou a orientação de um profissional.',
    ],
  },
  {
    id: 'conta',
    title: '3. Conta de usuário',
    paragraphs: [
      'Para usar os recursos de estudo é preciso criar uma conta com dados verdadeiros e mantê-los atualizados. A conta é pessoal e intransferível: não compartilhe sua senha nem o acesso com outras pessoas.',
      'Você é responsável pelas atividades realizadas na sua conta. Avise-nos imediatamente se suspeitar de uso indevido. Podemos suspender ou encerrar contas que violem estes termos, tentem burlar limites do plano ou prejudiquem o funcionamento da plataforma.',
    ],
  },
  {
    id: 'pagamentos',
    title: '4. Pagamentos e renovação automática',
    paragraphs: [
      'Os planos pagos (Básico, Premium e Pro) são cobrados mensalmente, pelo valor exibido na página de planos no momento da contratação. O plano Gratuito não exige forma de pagamento.',
      'A assinatura é renovada automaticamente a cada mês, na mesma forma de pagamento, até que você a cancele. Você pode cancelar a qualquer momento pelo seu painel, sem multa: o acesso continua até o fim do período já pago e não há cobrança seguinte.',
      'A troca de plano passa a valer no próximo ciclo de cobrança. Eventuais reajustes de preço serão comunicados com antecedência e só se aplicam às renovações seguintes. Fica assegurado o direito de arrependimento em até 7 dias da primeira contratação, nos termos do Código de Defesa do Consumidor.',
    ],
  },
  {
    id: 'propriedade-intelectual',
    title: '5. Propriedade intelectual',
    paragraphs: [
      'A marca Gabarita, o software, o design, a organização do banco de questões, as explicações e os demais conteúdos produzidos pela nossa equipe são protegidos pela legislação de direitos autorais e de propriedade industrial.',
      'Você recebe uma licença pessoal, não exclusiva e intransferível para usar a plataforma nos seus estudos. Não é permitido copiar o banco de questões em massa, revender conteúdo, automatizar a coleta de dados ou contornar as medidas técnicas de proteção. Suas anotações continuam sendo suas.',
    ],
  },
  {
    id: 'responsabilidade',
    title: '6. Limitação de responsabilidade',
    paragraphs: [
      'Trabalhamos para manter a plataforma disponível e o conteúdo correto, mas o serviço é oferecido no estado em que se encontra: podem ocorrer interrupções para manutenção, falhas técnicas ou erros em questões. Se encontrar um erro, use o botão Reportar erro da questão.',
      'A aprovação em exames depende de fatores fora do nosso controle, como a dedicação de cada aluno e os critérios das bancas. Na máxima extensão permitida pela lei, o Gabarita não responde por danos indiretos decorrentes do uso ou da impossibilidade de uso da plataforma, sem prejuízo dos direitos garantidos ao consumidor.',
      'Estes termos são regidos pelas leis brasileiras. Fica eleito o foro do domicílio do consumidor para resolver qualquer controvérsia.',
    ],
  },
]

const PRIVACY: Section[] = [
  {
    id: 'dados-coletados',
    title: '1. Dados que coletamos',
    paragraphs: [
      'Dados que você nos fornece: nome, email, telefone (opcional), senha e as informações de perfil que decidir preencher (como data de nascimento, gênero, instituição de ensino, curso, objetivo e horário preferido de estudo). Pelo formulário de contato, recebemos nome, email, assunto e mensagem.',
      'Dados gerados pelo uso: questões resolvidas e respostas, cadernos, anotações, plano contratado e contadores de uso. Dados técnicos: endereço IP, data e hora de acesso e registros de requisições, necessários para segurança e para cumprir o Marco Civil da Internet.',
      'Se você entrar com uma conta do Google, recebemos dessa conta apenas o nome e o email.',
    ],
  },
  {
    id: 'uso',
    title: '2. Como usamos os dados',
    paragraphs: [
      'Usamos os dados para criar e manter a sua conta, autenticar o acesso, oferecer os recursos do seu plano, mostrar o seu desempenho, responder às suas mensagens, enviar comunicações sobre a conta (como a recuperação de senha) e proteger a plataforma contra abuso.',
      'As bases legais são a execução do contrato com você, o cumprimento de obrigações legais, o nosso legítimo interesse em manter o serviço seguro e, quando for o caso, o seu consentimento, que pode ser retirado a qualquer momento.',
    ],
  },
  {
    id: 'compartilhamento',
    title: '3. Compartilhamento',
    paragraphs: [
      'Não vendemos nem alugamos seus dados pessoais. Compartilhamos apenas o necessário com prestadores que nos ajudam a operar o serviço (hospedagem, envio de emails e processamento de pagamentos), sob contrato e com dever de confidencialidade.',
      'Também podemos fornecer dados quando houver obrigação legal ou ordem de autoridade competente, ou para defender direitos do Gabarita em processo judicial, administrativo ou arbitral.',
    ],
  },
  {
    id: 'cookies',
    title: '4. Cookies',
    paragraphs: [
      'Usamos somente cookies necessários ao funcionamento: um cookie de sessão protegido (HttpOnly) que mantém você conectado — persistente por 30 dias apenas se você marcar Lembrar de mim —, um cookie temporário que leva as mensagens de confirmação entre uma página e outra, e um cookie com a sua preferência de tema (claro, escuro ou do sistema), também guardada no armazenamento local do navegador.',
      'Não usamos cookies de publicidade nem de rastreamento de terceiros. Você pode apagar os cookies no seu navegador a qualquer momento; sem o cookie de sessão será preciso entrar novamente.',
    ],
  },
  {
    id: 'seguranca',
    title: '5. Segurança',
    paragraphs: [
      'As senhas são guardadas apenas na forma de hash com o algoritmo Argon2id; nem a nossa equipe consegue lê-las. O acesso à API usa tokens que guardamos somente como hash e que são revogados quando você sai da conta.',
      'Aplicamos controle de acesso por perfil, limites de tentativas, cabeçalhos de segurança e conexões protegidas. Nenhum sistema é totalmente invulnerável: se ocorrer um incidente de segurança que possa gerar risco relevante, avisaremos você e a Autoridade Nacional de Proteção de Dados (ANPD).',
    ],
  },
  {
    id: 'direitos-lgpd',
    title: '6. Seus direitos (LGPD)',
    paragraphs: [
      'A Lei Geral de Proteção de Dados (Lei nº 13.709/2018) garante a você: confirmação de que tratamos seus dados e acesso a eles; correção de dados incompletos, inexatos ou desatualizados; anonimização, bloqueio ou eliminação de dados desnecessários ou excessivos; portabilidade; eliminação dos dados tratados com base no consentimento; informação sobre com quem os compartilhamos; e revogação do consentimento.',
      'Boa parte dos seus dados pode ser corrigida diretamente na página Editar perfil. Para os demais pedidos, escreva para o contato abaixo; responderemos em até 15 dias. Você também pode apresentar reclamação à ANPD.',
      'Mantemos os dados enquanto a conta estiver ativa. Depois do encerramento, eliminamos ou anonimizamos os dados, exceto o que a lei nos obriga a guardar (por exemplo, registros de acesso por 6 meses).',
    ],
  },
  {
    id: 'contato-privacidade',
    title: '7. Contato de privacidade',
    paragraphs: [
      `Dúvidas, pedidos e reclamações sobre privacidade e proteção de dados: ${PRIVACY_EMAIL}, ou pelo formulário da página Contato, de segunda a sexta, das 9h às 18h.`,
    ],
  },
]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.tab === 'privacidade' ? 'Política de Privacidade' : 'Termos de Uso'} — Gabarita` },
]

// Each tab is its own URL (/termos, /termos?aba=privacidade): works without JS and can be linked.
export function loader({ request }: LoaderFunctionArgs) {
  const tab: Tab = new URL(request.url).searchParams.get('aba') === 'privacidade' ? 'privacidade' : 'termos'
  return json({ tab })
}

export default function TermsPage() {
  const { tab } = useLoaderData<typeof loader>()
  const current = TABS.find((t) => t.id === tab) ?? TABS[0]
  const sections = tab === 'privacidade' ? PRIVACY : TERMS
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Termos e Privacidade</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Última atualização: {UPDATED_AT}</p>

      <nav aria-label="Documentos" className="mt-8 border-b border-slate-200 dark:border-slate-800">
        <ul className="-mb-px flex gap-2">
          {TABS.map((t) => {
            const active = t.id === tab
            return (
              <li key={t.id}>
                <Link
                  to={t.href}
                  aria-current={active ? 'page' : undefined}
                  preventScrollReset
                  className={`inline-flex min-h-11 items-center border-b-2 px-2 py-2 text-sm font-medium sm:whitespace-nowrap sm:px-4 sm:text-base ${
                    active
                      ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
                  }`}
                >
                  {t.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <div className="mt-8 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Seções" className="hidden lg:block">
          <ul className="sticky top-24 flex flex-col gap-1 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded px-2 py-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article aria-labelledby="documento" className="max-w-prose">
          <h2 id="documento" className="text-2xl font-bold">
            {current.label}
          </h2>
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="mt-8 scroll-mt-24">
              <h3 id={`${section.id}-titulo`} className="text-lg font-semibold">
                {section.title}
              </h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-3 text-slate-700 dark:text-slate-300">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          {tab === 'termos' ? (
            <p className="mt-10">
              Veja também a{' '}
              <Link to="/termos?aba=privacidade" className="text-brand-700 underline dark:text-brand-300">
                Política de Privacidade
              </Link>
              .
            </p>
          ) : (
            <p className="mt-10">
              Veja também os{' '}
              <Link to="/termos" className="text-brand-700 underline dark:text-brand-300">
                Termos de Uso
              </Link>
              .
            </p>
          )}
        </article>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
