import type { ReactNode } from 'react'

/**
 * The actions of one question in modo resolução, Revisão and the simulado (issue 39): on a phone a
 * bar fixed at the bottom of the screen, in thumb reach, with a line of status above the buttons
 * (the verdict, the time left); the page reserves its height (questions.css), so it never covers
 * the text. From 1024 px it is a row under the question.
 */
export function AnswerBar({ label, status, children }: { label: string; status?: ReactNode; children: ReactNode }) {
  return (
    <nav aria-label={label} className="abar">
      {status ? <div className="abar-s">{status}</div> : null}
      <div className="abar-a">{children}</div>
    </nav>
  )
}
