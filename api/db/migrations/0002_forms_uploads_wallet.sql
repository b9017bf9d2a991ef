CREATE TABLE "form_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"form_type" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_configs_form_type_unique" UNIQUE("form_type")
);
--> statement-breakpoint
CREATE TABLE "operation_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"operation_key" text NOT NULL,
	"operation_name" text NOT NULL,
	"price" bigint NOT NULL,
	"enabled" boolean NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operation_prices_operation_key_unique" UNIQUE("operation_key")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"original_file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"form_type" text NOT NULL,
	"uploaded_by" text,
	"branch_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"branch_id" text PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_balances_non_negative" CHECK ("wallet_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"branch_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"operation_key" text,
	"operation_name" text,
	"reference_id" text,
	"refund_of" text,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uploads_branch_idx" ON "uploads" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_ledger_branch_created_idx" ON "wallet_ledger" USING btree ("branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_created_idx" ON "wallet_ledger" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_charge_reference_key" ON "wallet_ledger" USING btree ("branch_id","operation_key","reference_id") WHERE "wallet_ledger"."kind" = 'charge';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_refund_of_key" ON "wallet_ledger" USING btree ("refund_of");