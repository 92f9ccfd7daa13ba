import type { RevealState } from './answer-parts'
import { verdict } from './answer-parts'
import { CitedLaw } from './cited-law'
import { CommunityAnswerBlock, ExplanationBlock } from './explanation'
import { ExplainPrompt, StudentExplanationBlock } from './student-explanation'

// The answer's panel: the verdict, the key, the explanation (or the community's best answer), the
// law the question cites, then the students' best explanation (or, after a right answer, the ask). Apart from the alternatives, so modo resolução fetches it with the
// first answer rather than with the page (issue 41).

export function RevealPanel({ reveal, questionId }: { reveal: RevealState; questionId: number }) {
  const correct = verdict(reveal)
  return (
    <section
      aria-label="Resposta"
      className={correct === true ? 'qr qr-ok' : correct === false ? 'qr qr-bad' : 'qr'}
      data-testid="resposta"
      tabIndex={-1}
    >
      {reveal.annulled ? (
        // Said whole (issue 27: 'Questão Anulada:' ended with nothing after it).
        <p>
          <span className="font-semibold">Questão Anulada.</span> A banca anulou esta questão: não há gabarito e nenhuma resposta conta como
          acerto ou erro.
        </p>
      ) : (
        <p className="font-semibold">
          {correct === true ? 'Você acertou! ' : correct === false ? 'Você errou. ' : ''}
          Gabarito: <span data-testid="gabarito">{reveal.correct_answer}</span>
        </p>
      )}
      {reveal.explanation ? <ExplanationBlock view={{ ...reveal, explanation: reveal.explanation }} /> : null}
      {!reveal.explanation && reveal.community_answer ? (
        <CommunityAnswerBlock questionId={questionId} answer={reveal.community_answer} />
      ) : null}
      {reveal.citations?.length ? <CitedLaw citations={reveal.citations} /> : null}
      {/* The professor's analysis first, then the students' (issue 64); after a right answer, one line asking for one. */}
      {correct !== true && reveal.student_explanation ? (
        <StudentExplanationBlock
          questionId={questionId}
          explanation={reveal.student_explanation}
          total={reveal.student_explanations ?? 1}
        />
      ) : null}
      {correct === true ? <ExplainPrompt questionId={questionId} ask={Boolean(reveal.explanation_prompt)} /> : null}
    </section>
  )
}
