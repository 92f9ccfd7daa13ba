CREATE TABLE "question_outdated_overrides" (
	"question_id" integer NOT NULL,
	"change_id" integer NOT NULL,
	"decision" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_outdated_overrides_question_id_change_id_pk" PRIMARY KEY("question_id","change_id")
);
--> statement-breakpoint
ALTER TABLE "question_outdated_overrides" ADD CONSTRAINT "question_outdated_overrides_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_outdated_overrides" ADD CONSTRAINT "question_outdated_overrides_change_id_legislative_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."legislative_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_outdated_overrides" ADD CONSTRAINT "question_outdated_overrides_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_outdated_overrides_change_idx" ON "question_outdated_overrides" USING btree ("change_id","decision");--> statement-breakpoint
ALTER TABLE "question_outdated_overrides" ADD CONSTRAINT "question_outdated_overrides_decision_check" CHECK ("decision" IN ('confirm', 'remove'));--> statement-breakpoint
-- Two changes a student of the old exams meets (issue 63 §2, ADR 091), seeded once: an admin's edits
-- and deletions on /admin/legislacao are never undone. Lei 14.365/2022 (DOU 03/06/2022, in force on
-- publication, its art. 5º) changed the Estatuto da Advocacia: the articles below as we know them,
-- not checked against the official text here. Lei 14.230/2021 (DOU 26/10/2021, in force on
-- publication) rewrote nearly every article of the Lei de Improbidade (8.429/1992): any citation of
-- it, and the subject named in an Administrativo question ("ato de improbidade" alone also named a
-- disciplinary case under Lei 8.112, untouched). "Advogados Associados" is a firm's name: only the
-- singular names the new figure.
INSERT INTO "legislative_changes" ("label", "name", "in_force", "note", "seed_discipline_keys", "scope_kind", "scope_norms", "scope_articles", "scope_terms") VALUES
  ('Lei 14.365/2022', 'Lei 14.365/2022 (alterou o Estatuto da Advocacia)', '2022-06-03',
   'Alterou o Estatuto da Advocacia (Lei 8.906/1994): prerrogativas e sustentação oral (art. 7º), crime de violação de prerrogativas (art. 7º-B), sociedades e advogado associado, honorários; e o art. 85 do CPC.',
   ARRAY['etica profissional'], 'scope', '{}'::text[],
   ARRAY['eoab@art. 2-A', 'eoab@art. 7', 'eoab@art. 7-B', 'eoab@art. 15', 'eoab@art. 17-A', 'eoab@art. 17-B', 'eoab@art. 22', 'eoab@art. 22-A', 'eoab@art. 24', 'eoab@art. 24-A', 'eoab@art. 26', 'cpc2015@art. 85', 'cpp@art. 798-A']::text[],
   ARRAY['advogado associado', 'sustentação oral', 'imunidade profissional', 'colaboração premiada']::text[]),
  ('Lei 14.230/2021', 'Lei 14.230/2021 (reforma da Lei de Improbidade Administrativa)', '2021-10-26',
   'Reescreveu a Lei 8.429/1992: só o ato doloso é improbidade, o rol do art. 11 ficou taxativo, mudaram as sanções, a ação e a prescrição.',
   ARRAY['direito administrativo'], 'scope', ARRAY['lei:8429']::text[], '{}'::text[],
   ARRAY['improbidade administrativa', 'ação de improbidade']::text[]);
