import type { Difficulty } from '../../db/schema'

// A question's difficulty as students found it: the share right among first attempts (a second
// try says more about memory than about the question). ≥ 70% Fácil, ≥ 40% Médio, else Difícil.

/** First attempts a card needs before it shows a measured difficulty (issue 27): fewer say little. */
export const MIN_FIRST_ATTEMPTS = 20

/** Difficulty as answered, from any number of first attempts (Desempenho says how many). */
export function answeredDifficulty(firstCorrect: number, firstAttempts: number): Difficulty | null {
  if (firstAttempts === 0) return null
  const share = (firstCorrect * 100) / firstAttempts
  return share >= 70 ? 'FACIL' : share >= 40 ? 'MEDIO' : 'DIFICIL'
}

/** What a card shows: the measured difficulty once MIN_FIRST_ATTEMPTS first attempts exist, else nothing. */
export function measuredDifficulty(firstCorrect: number, firstAttempts: number) {
  const level = firstAttempts >= MIN_FIRST_ATTEMPTS ? answeredDifficulty(firstCorrect, firstAttempts) : null
  return level ? { level, first_attempts: firstAttempts } : null
}
