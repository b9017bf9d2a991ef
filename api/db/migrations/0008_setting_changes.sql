-- A process keeps the form configurations and operation prices it has read until they change.
-- Every change to either table is announced on the channel setting_changes when its transaction
-- commits, whoever writes it, with the table's name.
CREATE FUNCTION notify_setting_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('setting_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "form_configs_setting_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "form_configs"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_setting_change();
--> statement-breakpoint
CREATE TRIGGER "operation_prices_setting_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operation_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_setting_change();
