import type { SearchParams } from '../server/domain/questions/search'

export type Kind = 'narrow' | 'broad' | 'filters' | 'random'
export const KINDS: Kind[] = ['narrow', 'broad', 'filters', 'random']

/**
 * The API is measured signed in, as a new student: its statement reads each card's latest attempt
 * of theirs. The direct search and the HTTP floor run that same statement for a student with no
 * attempts; the cost does not depend on which one, so a fixed id serves (the floor starts before
 * the bench's student is registered).
 */
const NEW_STUDENT = '00000000-0000-4000-8000-000000000b0b'

// The searches the API runs for each query kind, as `searchQuestions` takes them: run straight
// from Node (no HTTP, no auth, no logging) and behind the bare HTTP floor (issue 16, target 1).
export const SEARCH_PARAMS: Record<Kind, Partial<SearchParams>> = {
  narrow: { searchTerm: 'usucapião extraordinária', userId: NEW_STUDENT },
  broad: { searchTerm: 'direito', userId: NEW_STUDENT },
  filters: { disciplineIds: [1], difficulties: ['MEDIO'], userId: NEW_STUDENT },
  random: { random: true, seed: 'bench-visitor', userId: NEW_STUDENT },
}

// The same searches through the search API.
export const API_QUERIES: Record<Kind, string> = {
  narrow: '/api/v1/questions/search?search_term=usucapi%C3%A3o%20extraordin%C3%A1ria',
  broad: '/api/v1/questions/search?search_term=direito',
  filters: '/api/v1/questions/search?discipline_ids=1&difficulty=medio',
  random: '/api/v1/questions/search?random=true&seed=bench-visitor',
}

// The same searches as a signed-in student's /questoes page.
export const SSR_QUERIES: Record<Kind, string> = {
  narrow: '/questoes?q=usucapi%C3%A3o%20extraordin%C3%A1ria',
  broad: '/questoes?q=direito',
  filters: '/questoes?disciplina=1&dificuldade=medio',
  random: '/questoes',
}
