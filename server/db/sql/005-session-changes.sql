-- Every change to an account or to its tokens is announced on gabarita_sessions with the
-- account's id (applied after the migrations at every start: idempotent). ADR 030: a server
-- keeps the sessions behind the tokens it saw in the last seconds, and drops an account's
-- when this notice arrives; PostgreSQL sends it at commit to every server that LISTENs.
CREATE OR REPLACE FUNCTION gabarita_session_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('gabarita_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('gabarita_sessions', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS users_session_changed_trg ON users;
CREATE TRIGGER users_session_changed_trg
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gabarita_session_changed();

DROP TRIGGER IF EXISTS api_tokens_session_changed_trg ON api_tokens;
CREATE TRIGGER api_tokens_session_changed_trg
  AFTER UPDATE OR DELETE ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION gabarita_session_changed();
