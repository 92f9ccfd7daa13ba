import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export type AlternativesChartProps = { data: { letter: string; count: number; percentage: number; isCorrect: boolean }[] }

/**
 * How many chose each alternative, as bars, drawn only in the browser (through lazyChart): the
 * table beside it has the same figures, always in the HTML. The key is green, the other letters
 * (the distractors) slate.
 */
export default function AlternativesChart({ data }: AlternativesChartProps) {
  return (
    <div role="img" aria-label="Gráfico de respostas por alternativa" className="mb-3 h-56 w-full" data-testid="grafico-alternativas">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ left: 0, right: 8, top: 20, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* Labels in the text colour (recharts' default grey is 3:1 on the dark card). */}
          <XAxis dataKey="letter" tick={{ fill: 'currentColor' }} />
          <YAxis allowDecimals={false} width={36} tick={{ fill: 'currentColor' }} />
          <Tooltip
            formatter={(value, _name, item) => [`${value} (${(item.payload as { percentage: number }).percentage}%)`, 'Respostas']}
            labelFormatter={(label) => `Alternativa ${label}`}
          />
          <Bar dataKey="count" name="Respostas" radius={[4, 4, 0, 0]}>
            <LabelList dataKey="percentage" position="top" formatter={(value) => `${value}%`} />
            {data.map((entry) => (
              <Cell key={entry.letter} fill={entry.isCorrect ? '#16a34a' : '#64748b'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
