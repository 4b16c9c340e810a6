-- Every instance remembers the sessions it read for a few seconds (src-server/modules/account/session-cache.ts): a
-- change to a session or to its user is published here, on the channel they listen to, whichever code made it. The
-- payload is in the relay's inline form ('=' then the message; src-server/platform/relay.ts).
CREATE FUNCTION public.notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', '=s:' || OLD.sid);
  ELSE
    PERFORM pg_notify('session_changes', '=u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION public.notify_session_change();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION public.notify_session_change();
