CREATE TABLE "billing_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"receipt_number" text NOT NULL,
	"party_id" text NOT NULL,
	"party_name" text NOT NULL,
	"branch_id" text,
	"branch_name" text,
	"amount" bigint NOT NULL,
	"mode" text NOT NULL,
	"date" date NOT NULL,
	"reference" text NOT NULL,
	"cheque_number" text NOT NULL,
	"cheque_bank" text NOT NULL,
	"cheque_date" text NOT NULL,
	"notes" text NOT NULL,
	"reversed" boolean NOT NULL,
	"reversed_reason" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"number" text,
	"title" text NOT NULL,
	"branch_id" text,
	"branch_name" text,
	"party_id" text NOT NULL,
	"party_name" text NOT NULL,
	"party" jsonb NOT NULL,
	"date" date NOT NULL,
	"due_date" date NOT NULL,
	"supply" text NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"notes" text NOT NULL,
	"seller" jsonb,
	"cancelled_reason" text,
	"credit_note_number" text,
	"search_text" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"rate" integer NOT NULL,
	"from_date" date NOT NULL,
	"until_date" date
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_receipt_number_key" ON "invoice_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_date_idx" ON "invoice_payments" USING btree ("date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "invoices_branch_date_idx" ON "invoices" USING btree ("branch_id","date","id");--> statement-breakpoint
CREATE INDEX "invoices_party_idx" ON "invoices" USING btree ("party_id","date");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_rates_from_idx" ON "tax_rates" USING btree ("from_date","rate");--> statement-breakpoint
-- The GST slabs in force since GST began and since 22 September 2025, as events (a rebuild folds them) and as rows.
INSERT INTO "events" ("stream_type", "stream_id", "version", "type", "data", "request_id", "occurred_at") VALUES
  ('tax-rate', 'gst-2025-09-22-0', 1, 'TaxRateAdded', '{"rate": 0, "from": "2025-09-22", "until": null}'::jsonb, 'migration-0019', '2025-09-22T00:00:00+05:30'),
  ('tax-rate', 'gst-2025-09-22-500', 1, 'TaxRateAdded', '{"rate": 500, "from": "2025-09-22", "until": null}'::jsonb, 'migration-0019', '2025-09-22T00:00:00+05:30'),
  ('tax-rate', 'gst-2025-09-22-1800', 1, 'TaxRateAdded', '{"rate": 1800, "from": "2025-09-22", "until": null}'::jsonb, 'migration-0019', '2025-09-22T00:00:00+05:30'),
  ('tax-rate', 'gst-2025-09-22-4000', 1, 'TaxRateAdded', '{"rate": 4000, "from": "2025-09-22", "until": null}'::jsonb, 'migration-0019', '2025-09-22T00:00:00+05:30'),
  ('tax-rate', 'gst-2017-07-01-0', 1, 'TaxRateAdded', '{"rate": 0, "from": "2017-07-01", "until": "2025-09-21"}'::jsonb, 'migration-0019', '2017-07-01T00:00:00+05:30'),
  ('tax-rate', 'gst-2017-07-01-500', 1, 'TaxRateAdded', '{"rate": 500, "from": "2017-07-01", "until": "2025-09-21"}'::jsonb, 'migration-0019', '2017-07-01T00:00:00+05:30'),
  ('tax-rate', 'gst-2017-07-01-1200', 1, 'TaxRateAdded', '{"rate": 1200, "from": "2017-07-01", "until": "2025-09-21"}'::jsonb, 'migration-0019', '2017-07-01T00:00:00+05:30'),
  ('tax-rate', 'gst-2017-07-01-1800', 1, 'TaxRateAdded', '{"rate": 1800, "from": "2017-07-01", "until": "2025-09-21"}'::jsonb, 'migration-0019', '2017-07-01T00:00:00+05:30'),
  ('tax-rate', 'gst-2017-07-01-2800', 1, 'TaxRateAdded', '{"rate": 2800, "from": "2017-07-01", "until": "2025-09-21"}'::jsonb, 'migration-0019', '2017-07-01T00:00:00+05:30');--> statement-breakpoint
INSERT INTO "tax_rates" ("id", "rate", "from_date", "until_date") VALUES
  ('gst-2025-09-22-0', 0, '2025-09-22', NULL),
  ('gst-2025-09-22-500', 500, '2025-09-22', NULL),
  ('gst-2025-09-22-1800', 1800, '2025-09-22', NULL),
  ('gst-2025-09-22-4000', 4000, '2025-09-22', NULL),
  ('gst-2017-07-01-0', 0, '2017-07-01', '2025-09-21'),
  ('gst-2017-07-01-500', 500, '2017-07-01', '2025-09-21'),
  ('gst-2017-07-01-1200', 1200, '2017-07-01', '2025-09-21'),
  ('gst-2017-07-01-1800', 1800, '2017-07-01', '2025-09-21'),
  ('gst-2017-07-01-2800', 2800, '2017-07-01', '2025-09-21');
