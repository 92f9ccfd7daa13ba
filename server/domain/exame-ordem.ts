// The OAB first phase's numbers, which the simulados and the study plan share. No imports: the
// contracts read them.

/** The OAB first phase: 80 questions, 5 hours, 40 right to pass. */
export const EXAME_ORDEM_SIZE = 80
export const EXAME_ORDEM_MINUTES = 300
export const EXAME_ORDEM_PASS = 40
/** The OAB's pace (300 min / 80 questions), the default time of the other kinds. */
export const MINUTES_PER_QUESTION = 3.75
/** Other sizes pass at the same share as the Exame de Ordem (40/80). */
export const PASS_SHARE = 0.5
