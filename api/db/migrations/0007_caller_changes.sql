-- A process keeps the callers it has read (their role, branch, permissions and live sessions)
-- until they change. Every change to what a caller is made of is announced on the channel
-- caller_changes when its transaction commits, whoever writes it: the user's id, or '*' when
-- every caller may have changed.
CREATE FUNCTION notify_caller_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_NARGS = 0 THEN
    PERFORM pg_notify('caller_changes', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('caller_changes', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('caller_changes', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_caller_change" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change('id');
--> statement-breakpoint
CREATE TRIGGER "user_permissions_caller_change" AFTER INSERT OR UPDATE OR DELETE ON "user_permissions"
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change('user_id');
--> statement-breakpoint
-- A new refresh token cannot end a session; revoking or deleting one can.
CREATE TRIGGER "refresh_tokens_caller_change" AFTER UPDATE OR DELETE ON "refresh_tokens"
  FOR EACH ROW EXECUTE FUNCTION notify_caller_change('user_id');
--> statement-breakpoint
CREATE TRIGGER "permissions_caller_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER "users_truncate_caller_change" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER "user_permissions_truncate_caller_change" AFTER TRUNCATE ON "user_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_truncate_caller_change" AFTER TRUNCATE ON "refresh_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_change();
