-- Question search (applied after the migrations at every start: idempotent).

-- Folds text the way students type it: lower case, no accents, and the -ão
-- family joined (função/funções/funçães → funcao) because the Portuguese
-- stemmer stems singular and plural of these words differently. Applied to the
-- document (trigger below) and to the query (server/domain/questions/search.ts).
CREATE OR REPLACE FUNCTION gabarita_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(lower(gabarita_unaccent($1)), '(oes|aes|aos|ao)\M', 'ao', 'g') $$;

-- The one definition of a question's document: the trigger below and the importer's
-- set-wise INSERT (server/domain/import/importer.ts) both use it.
CREATE OR REPLACE FUNCTION gabarita_question_vector(statement text, alternatives jsonb, discipline text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector('portuguese', gabarita_fold(coalesce($1, ''))), 'A') ||
    setweight(to_tsvector('portuguese', gabarita_fold(coalesce(
      (SELECT string_agg(a->>'text', ' ') FROM jsonb_array_elements($2) AS a), ''))), 'B') ||
    setweight(to_tsvector('portuguese', gabarita_fold(coalesce($3, ''))), 'C') $$;

CREATE OR REPLACE FUNCTION gabarita_questions_search_vector() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- A bulk import computes the vector in its own INSERT, set-wise (per row here it was most
  -- of an import's time); an UPDATE always recomputes.
  IF TG_OP = 'INSERT' AND NEW.search_vector IS NOT NULL THEN
    RETURN NEW;
  END IF;
  NEW.search_vector := gabarita_question_vector(NEW.statement, NEW.alternatives,
    (SELECT d.name FROM disciplines d WHERE d.id = NEW.discipline_id));
  RETURN NEW;
END
$$;

DROP TRIGGER IF EXISTS questions_search_vector_trg ON questions;
CREATE TRIGGER questions_search_vector_trg
  BEFORE INSERT OR UPDATE OF statement, alternatives, discipline_id ON questions
  FOR EACH ROW EXECUTE FUNCTION gabarita_questions_search_vector();

-- Live questions only (removed ones are never listed): the default random walk
-- and the filtered lists ordered by id stay index-only-ish at 1M rows.
CREATE INDEX IF NOT EXISTS questions_live_random_idx ON questions (random_key) WHERE removed_at IS NULL;
CREATE INDEX IF NOT EXISTS questions_live_discipline_idx ON questions (discipline_id, id) WHERE removed_at IS NULL;
CREATE INDEX IF NOT EXISTS questions_live_year_idx ON questions (year, id) WHERE removed_at IS NULL;
CREATE INDEX IF NOT EXISTS questions_live_board_idx ON questions (board, id) WHERE removed_at IS NULL;
CREATE INDEX IF NOT EXISTS attempts_user_correct_idx ON attempts (user_id, question_id, correct);
-- Discipline + difficulty is the commonest filter pair: its page and its bounded count
-- read this index in order instead of building a bitmap of the whole discipline.
CREATE INDEX IF NOT EXISTS questions_live_discipline_difficulty_idx ON questions (discipline_id, difficulty, id) WHERE removed_at IS NULL;
