import type { SearchParams } from '../server/domain/questions/search'

export type Kind = 'narrow' | 'broad' | 'filters' | 'random'
export const KINDS: Kind[] = ['narrow', 'broad', 'filters', 'random']

// The searches the API runs for each query kind, as `searchQuestions` takes them: run straight
// from Node (no HTTP, no auth, no logging) and behind the bare HTTP floor (issue 16, target 1).
export const SEARCH_PARAMS: Record<Kind, Partial<SearchParams>> = {
  narrow: { searchTerm: 'usucapião extraordinária' },
  broad: { searchTerm: 'direito' },
  filters: { disciplineIds: [1], difficulties: ['MEDIO'] },
  random: { random: true, seed: 'bench-visitor' },
}

// The same searches as a signed-in student's /questoes page.
export const SSR_QUERIES: Record<Kind, string> = {
  narrow: '/questoes?q=usucapi%C3%A3o%20extraordin%C3%A1ria',
  broad: '/questoes?q=direito',
  filters: '/questoes?disciplina=1&dificuldade=medio',
  random: '/questoes',
}
