-- Desempenho (applied after the migrations at every start: idempotent). ADR 018.
--
-- question_answer_stats holds, per question and chosen letter, the counts the statistics show:
-- all attempts and first attempts (a student's retries must not inflate a question's
-- accuracy), right ones, and the times that are known. A trigger on attempts keeps it in the
-- same transaction as every insert (and delete: a user deleted with their attempts leaves
-- nothing behind), so GET /questions/{id}/statistics reads at most five rows whatever the
-- number of attempts.

CREATE OR REPLACE FUNCTION gabarita_attempts_before_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- First attempt of this user at this question. The domain inserts under a per-user-question
  -- advisory lock, so two concurrent submits cannot both be first.
  NEW.is_first := NOT EXISTS (
    SELECT 1 FROM attempts a WHERE a.user_id = NEW.user_id AND a.question_id = NEW.question_id);
  IF NEW.elapsed_seconds IS NOT NULL THEN
    NEW.elapsed_seconds := least(greatest(NEW.elapsed_seconds, 0), 1800);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION gabarita_attempts_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  r attempts%ROWTYPE;
  sign integer;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; sign := 1; ELSE r := OLD; sign := -1; END IF;
  INSERT INTO question_answer_stats AS s
    (question_id, answer, attempts, correct, first_attempts, first_correct, timed, time_sum, first_timed, first_time_sum)
  VALUES (
    r.question_id, r.answer, sign,
    sign * (r.correct)::int,
    sign * (r.is_first)::int,
    sign * (r.is_first AND r.correct)::int,
    sign * (r.elapsed_seconds IS NOT NULL)::int,
    sign * coalesce(r.elapsed_seconds, 0),
    sign * (r.is_first AND r.elapsed_seconds IS NOT NULL)::int,
    sign * CASE WHEN r.is_first THEN coalesce(r.elapsed_seconds, 0) ELSE 0 END)
  ON CONFLICT (question_id, answer) DO UPDATE SET
    attempts = s.attempts + EXCLUDED.attempts,
    correct = s.correct + EXCLUDED.correct,
    first_attempts = s.first_attempts + EXCLUDED.first_attempts,
    first_correct = s.first_correct + EXCLUDED.first_correct,
    timed = s.timed + EXCLUDED.timed,
    time_sum = s.time_sum + EXCLUDED.time_sum,
    first_timed = s.first_timed + EXCLUDED.first_timed,
    first_time_sum = s.first_time_sum + EXCLUDED.first_time_sum;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS attempts_before_insert_trg ON attempts;
CREATE TRIGGER attempts_before_insert_trg
  BEFORE INSERT ON attempts
  FOR EACH ROW EXECUTE FUNCTION gabarita_attempts_before_insert();

DROP TRIGGER IF EXISTS attempts_stats_trg ON attempts;
CREATE TRIGGER attempts_stats_trg
  AFTER INSERT OR DELETE ON attempts
  FOR EACH ROW EXECUTE FUNCTION gabarita_attempts_stats();

-- Attempts recorded before the aggregate existed: mark first attempts and sum them once.
-- Cheap on every later start (the aggregate is not empty, or there are no attempts).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM question_answer_stats) AND EXISTS (SELECT 1 FROM attempts) THEN
    UPDATE attempts a SET is_first = true
      WHERE a.id = (SELECT min(b.id) FROM attempts b WHERE b.user_id = a.user_id AND b.question_id = a.question_id);
    INSERT INTO question_answer_stats
      (question_id, answer, attempts, correct, first_attempts, first_correct, timed, time_sum, first_timed, first_time_sum)
    SELECT question_id, answer, count(*), count(*) FILTER (WHERE correct),
           count(*) FILTER (WHERE is_first), count(*) FILTER (WHERE is_first AND correct),
           count(elapsed_seconds), coalesce(sum(elapsed_seconds), 0),
           count(elapsed_seconds) FILTER (WHERE is_first), coalesce(sum(elapsed_seconds) FILTER (WHERE is_first), 0)
    FROM attempts GROUP BY question_id, answer;
  END IF;
END
$$;

