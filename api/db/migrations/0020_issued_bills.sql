CREATE TABLE "issued_bills" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" text NOT NULL,
	"payment_id" text,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "issued_bills_invoice_idx" ON "issued_bills" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_bills_payment_key" ON "issued_bills" USING btree ("payment_id");--> statement-breakpoint
-- The billing settings every admission reads from what its process keeps are announced as the
-- form configurations and operation prices are (0008), whoever writes them.
CREATE TRIGGER "billing_settings_setting_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_setting_change();
