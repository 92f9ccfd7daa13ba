/**
 * Folds a name for matching: lower case, no accents, single inner spaces, trimmed
 * (import-formats §1: "direito  constitucional" is "Direito Constitucional").
 */
export function nameKey(value: string) {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}
