CREATE TABLE "official_mix" (
	"name_key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
-- The OAB's recent first-phase distribution (ADR 054), in the booklet's order.
INSERT INTO "official_mix" ("name_key", "name", "count", "position") VALUES
  ('etica profissional', 'Ética Profissional', 8, 1),
  ('filosofia do direito', 'Filosofia do Direito', 2, 2),
  ('direito constitucional', 'Direito Constitucional', 6, 3),
  ('direitos humanos', 'Direitos Humanos', 2, 4),
  ('direito eleitoral', 'Direito Eleitoral', 2, 5),
  ('direito internacional', 'Direito Internacional', 2, 6),
  ('direito financeiro', 'Direito Financeiro', 2, 7),
  ('direito tributario', 'Direito Tributário', 5, 8),
  ('direito administrativo', 'Direito Administrativo', 5, 9),
  ('direito ambiental', 'Direito Ambiental', 2, 10),
  ('direito civil', 'Direito Civil', 6, 11),
  ('estatuto da crianca e do adolescente', 'Estatuto da Criança e do Adolescente', 2, 12),
  ('direito do consumidor', 'Direito do Consumidor', 2, 13),
  ('direito empresarial', 'Direito Empresarial', 4, 14),
  ('direito processual civil', 'Direito Processual Civil', 6, 15),
  ('direito penal', 'Direito Penal', 6, 16),
  ('direito processual penal', 'Direito Processual Penal', 6, 17),
  ('direito do trabalho', 'Direito do Trabalho', 5, 18),
  ('direito processual do trabalho', 'Direito Processual do Trabalho', 5, 19),
  ('direito previdenciario', 'Direito Previdenciário', 2, 20);
