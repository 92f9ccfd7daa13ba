/** The Desempenho chart's height for `rows` disciplines: the chart's and the room the page keeps for it. */
export const chartHeight = (rows: number) => Math.max(180, rows * 40 + 60)
