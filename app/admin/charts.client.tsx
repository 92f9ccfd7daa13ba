import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

/** The dashboard's 6-colour palette (spec section 9), cycled over the bars. */
const CHART_COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2']

export type CountBarChartProps = { data: { label: string; count: number }[]; label: string }

/**
 * A horizontal bar chart drawn only in the browser (through lazyChart): recharts renders an empty
 * box on the server, so every chart is paired with a server-rendered table of the same figures.
 */
export default function CountBarChart({ data, label }: CountBarChartProps) {
  const height = Math.max(160, data.length * 34 + 40)
  return (
    <div role="img" aria-label={label} className="mb-4 w-full" style={{ height }} data-testid="grafico">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          {/* Labels in the text colour (recharts' default grey is 3:1 on the dark card). */}
          <XAxis type="number" allowDecimals={false} tick={{ fill: 'currentColor' }} />
          <YAxis type="category" dataKey="label" width={180} tick={{ fontSize: 12, fill: 'currentColor' }} />
          <Tooltip formatter={(value) => [value, 'Questões']} />
          <Bar dataKey="count" name="Questões" radius={[0, 4, 4, 0]}>
            {data.map((entry, index) => (
              <Cell key={entry.label} fill={CHART_COLORS[index % CHART_COLORS.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
