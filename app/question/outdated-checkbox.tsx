// "Excluir desatualizadas" for the simulado's and the study plan's forms (ADR 053); /questoes has its own Flag.

/** "Excluir desatualizadas": the GET param atualizadas=1 on /questoes, the same field in the forms. */
export function OutdatedCheckbox({ checked, form }: { checked?: boolean; form?: string }) {
  return (
    <div>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="atualizadas"
          value="1"
          defaultChecked={checked}
          form={form}
          className="h-5 w-5"
          aria-describedby="atualizadas-ajuda"
        />
        Excluir desatualizadas
      </label>
      <p id="atualizadas-ajuda" className="text-xs text-slate-600 dark:text-slate-400">
        Deixa de fora as questões confirmadas desatualizadas e as que podem estar (prova anterior a uma mudança da lei na disciplina).
      </p>
    </div>
  )
}
