/** One norm a question cites, as the API answers it. */
export type Cited = { key: string; label: string; article: string | null; url: string | null }

/** "Legislação citada": each norm once, its articles after it, linked to the official text. */
export function CitedLaw({ citations }: { citations: Cited[] }) {
  const norms = new Map<string, { label: string; url: string | null; articles: string[] }>()
  for (const c of citations) {
    const norm = norms.get(c.key) ?? { label: c.label, url: c.url, articles: [] }
    if (c.article) norm.articles.push(c.article)
    norms.set(c.key, norm)
  }
  return (
    <div className="mt-2" data-testid="legislacao-citada">
      <h3 className="font-semibold">Legislação citada</h3>
      <ul className="mt-1 list-disc pl-5">
        {[...norms.entries()].map(([key, norm]) => {
          const text = norm.articles.length ? `${norm.label}, ${norm.articles.join(', ')}` : norm.label
          return (
            <li key={key}>
              {norm.url ? (
                <a href={norm.url} target="_blank" rel="noopener noreferrer" className="underline">
                  {text}
                  <span className="sr-only"> (texto oficial, abre em nova aba)</span>
                </a>
              ) : (
                text
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
