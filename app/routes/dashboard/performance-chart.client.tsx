import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import type { DisciplinePerformance } from '#server/features/me/contract'

import { chartHeight } from './chart-height'

// The Desempenho tab's bar chart (recharts, browser only, its own lazy chunk): right and wrong
// answers per discipline. The same figures are the table beside it, in the HTML with or without JS.
export default function PerformanceChart({ data: rows }: { data: DisciplinePerformance[] }) {
  const data = rows.map((r) => ({ label: r.discipline, Acertos: r.correct, Erros: r.total - r.correct }))
  return (
    <div role="img" aria-label="Gráfico de acertos e erros por disciplina" className="w-full" style={{ height: chartHeight(rows.length) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          {/* Labels in the text colour (recharts' default grey is 3:1 on the dark card). */}
          <XAxis type="number" allowDecimals={false} tick={{ fill: 'currentColor' }} />
          <YAxis type="category" dataKey="label" width={160} tick={{ fontSize: 12, fill: 'currentColor' }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="Acertos" stackId="a" fill="#16a34a" />
          <Bar dataKey="Erros" stackId="a" fill="#dc2626" radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
