// Desempenho's figures as the spec writes them (section 9): times as minutes:seconds, dates in
// pt-BR, difficulty labels.

/** 75 → '1:15'; null (time unknown) → '—'. */
export function formatSeconds(seconds: number | null | undefined) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—'
  const s = Math.max(0, Math.round(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

export const DIFFICULTY_LABELS: Record<string, string> = { FACIL: 'Fácil', MEDIO: 'Médio', DIFICIL: 'Difícil' }

export function difficultyLabel(level: string | null | undefined) {
  if (!level) return '—'
  return DIFFICULTY_LABELS[level] ?? 'Difícil'
}
