import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Gabarita — Sua aprovação é nossa meta' }]

export default function Index() {
  return (
    <section className="container-page py-16">
      <h1 className="text-4xl font-bold">Sua aprovação é nossa meta</h1>
      <div className="card mt-8">
        <h2 className="text-2xl font-semibold">Prepare-se para a OAB</h2>
        <Link to="/questoes" className="btn-primary mt-4">
          Praticar questões
        </Link>
      </div>
    </section>
  )
}
