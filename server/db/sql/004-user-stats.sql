-- The student's own figures (applied after the migrations at every start: idempotent). ADR 024.
--
-- user_day_stats (per São Paulo day), user_discipline_stats and user_topic_stats hold what the
-- dashboard shows, and user_week_stats what the weekly ranking shows, kept by this trigger in
-- the same transaction as every answer, so a student with 10,000 answers costs the dashboard a
-- few hundred rows at most, and the ranking one row per student of the week. The migrations
-- that made the tables filled them from the attempts stored until then.
--
-- A deleted attempt only ever subtracts from rows that exist (UPDATE, never an upsert): when a
-- whole account goes, its stats rows may already be gone by cascade, and an insert would then
-- point at a user being deleted.

CREATE OR REPLACE FUNCTION gabarita_attempts_user_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  r attempts%ROWTYPE;
  d date;
  w date;
  w_from timestamptz;
  w_to timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; ELSE r := OLD; END IF;
  d := (r.created_at AT TIME ZONE 'America/Sao_Paulo')::date;
  -- The ranking's week: Monday 00:00 to Monday 00:00, São Paulo time.
  w := date_trunc('week', r.created_at AT TIME ZONE 'America/Sao_Paulo')::date;
  w_from := w::timestamp AT TIME ZONE 'America/Sao_Paulo';
  w_to := (w + 7)::timestamp AT TIME ZONE 'America/Sao_Paulo';
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_day_stats AS s (user_id, day, attempts, correct, first_attempts, time_sum)
    VALUES (r.user_id, d, 1, r.correct::int, r.is_first::int, coalesce(r.elapsed_seconds, 0))
    ON CONFLICT (user_id, day) DO UPDATE SET
      attempts = s.attempts + 1,
      correct = s.correct + EXCLUDED.correct,
      first_attempts = s.first_attempts + EXCLUDED.first_attempts,
      time_sum = s.time_sum + EXCLUDED.time_sum;
    INSERT INTO user_discipline_stats AS s (user_id, discipline_id, attempts, correct)
    SELECT r.user_id, q.discipline_id, 1, r.correct::int FROM questions q WHERE q.id = r.question_id
    ON CONFLICT (user_id, discipline_id) DO UPDATE SET attempts = s.attempts + 1, correct = s.correct + EXCLUDED.correct;
    INSERT INTO user_topic_stats AS s (user_id, topic_id, attempts, correct)
    SELECT r.user_id, qt.topic_id, 1, r.correct::int FROM question_topics qt WHERE qt.question_id = r.question_id
    ON CONFLICT (user_id, topic_id) DO UPDATE SET attempts = s.attempts + 1, correct = s.correct + EXCLUDED.correct;
    -- A right answer counts once per question and week: the week's first one by id (an AFTER
    -- trigger of a many-row insert sees every row of it). The domain inserts under a
    -- per-user-question lock, so two concurrent right answers cannot both count.
    INSERT INTO user_week_stats AS s (user_id, week, correct, answers, last_correct)
    VALUES (r.user_id, w,
      (r.correct AND NOT EXISTS (
        SELECT 1 FROM attempts b
         WHERE b.user_id = r.user_id AND b.question_id = r.question_id AND b.correct AND b.id < r.id
           AND b.created_at >= w_from AND b.created_at < w_to))::int,
      1, CASE WHEN r.correct THEN r.created_at END)
    ON CONFLICT (user_id, week) DO UPDATE SET
      correct = s.correct + EXCLUDED.correct,
      answers = s.answers + 1,
      last_correct = greatest(s.last_correct, EXCLUDED.last_correct);
  ELSE
    UPDATE user_day_stats SET
      attempts = attempts - 1,
      correct = correct - r.correct::int,
      first_attempts = first_attempts - r.is_first::int,
      time_sum = time_sum - coalesce(r.elapsed_seconds, 0)
    WHERE user_id = r.user_id AND day = d;
    UPDATE user_discipline_stats s SET attempts = s.attempts - 1, correct = s.correct - r.correct::int
      FROM questions q WHERE q.id = r.question_id AND s.user_id = r.user_id AND s.discipline_id = q.discipline_id;
    UPDATE user_topic_stats s SET attempts = s.attempts - 1, correct = s.correct - r.correct::int
      FROM question_topics qt WHERE qt.question_id = r.question_id AND s.user_id = r.user_id AND s.topic_id = qt.topic_id;
    -- Which right answer counted is not kept: the week is counted again from what is left
    -- (after the whole statement, so a deleted question's attempts are all gone by then).
    UPDATE user_week_stats s SET (correct, answers, last_correct) = (
      SELECT count(DISTINCT a.question_id) FILTER (WHERE a.correct), count(*), max(a.created_at) FILTER (WHERE a.correct)
        FROM attempts a WHERE a.user_id = r.user_id AND a.created_at >= w_from AND a.created_at < w_to)
    WHERE s.user_id = r.user_id AND s.week = w;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS attempts_user_stats_trg ON attempts;
CREATE TRIGGER attempts_user_stats_trg
  AFTER INSERT OR DELETE ON attempts
  FOR EACH ROW EXECUTE FUNCTION gabarita_attempts_user_stats();

-- A question's topics change after it was answered (the topic model places an old bank's questions,
-- an editor corrects one: ADR 092): its answers move with it, so a topic's figures are always the
-- answers to the questions it has now. Per statement, from the links added or removed.
CREATE OR REPLACE FUNCTION gabarita_question_topics_user_stats() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_topic_stats AS s (user_id, topic_id, attempts, correct)
    SELECT a.user_id, l.topic_id, count(*)::int, (count(*) FILTER (WHERE a.correct))::int
      FROM gabarita_links l JOIN attempts a ON a.question_id = l.question_id
     GROUP BY a.user_id, l.topic_id
    ON CONFLICT (user_id, topic_id) DO UPDATE SET attempts = s.attempts + EXCLUDED.attempts, correct = s.correct + EXCLUDED.correct;
  ELSE
    UPDATE user_topic_stats s SET attempts = s.attempts - o.attempts, correct = s.correct - o.correct
      FROM (SELECT a.user_id, l.topic_id, count(*)::int AS attempts, (count(*) FILTER (WHERE a.correct))::int AS correct
              FROM gabarita_links l JOIN attempts a ON a.question_id = l.question_id
             GROUP BY a.user_id, l.topic_id) o
     WHERE s.user_id = o.user_id AND s.topic_id = o.topic_id;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS question_topics_added_user_stats_trg ON question_topics;
CREATE TRIGGER question_topics_added_user_stats_trg
  AFTER INSERT ON question_topics REFERENCING NEW TABLE AS gabarita_links
  FOR EACH STATEMENT EXECUTE FUNCTION gabarita_question_topics_user_stats();
DROP TRIGGER IF EXISTS question_topics_removed_user_stats_trg ON question_topics;
CREATE TRIGGER question_topics_removed_user_stats_trg
  AFTER DELETE ON question_topics REFERENCING OLD TABLE AS gabarita_links
  FOR EACH STATEMENT EXECUTE FUNCTION gabarita_question_topics_user_stats();
