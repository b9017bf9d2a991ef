CREATE TABLE "dashboard_activity" (
	"position" bigint PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"branch_id" text NOT NULL,
	"record_id" text,
	"title" text NOT NULL,
	"amount" bigint,
	"actor_id" text,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_counts" (
	"branch_id" text NOT NULL,
	"month" text NOT NULL,
	"measure" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "dashboard_counts_branch_id_month_measure_pk" PRIMARY KEY("branch_id","month","measure")
);
--> statement-breakpoint
CREATE TABLE "dashboard_records" (
	"record_id" text PRIMARY KEY NOT NULL,
	"form_type" text NOT NULL,
	"branch_id" text NOT NULL,
	"title" text NOT NULL,
	"counts" jsonb NOT NULL,
	"last_date" date
);
--> statement-breakpoint
CREATE INDEX "dashboard_activity_area_idx" ON "dashboard_activity" USING btree ("area","position");--> statement-breakpoint
CREATE INDEX "dashboard_activity_branch_idx" ON "dashboard_activity" USING btree ("branch_id","position");--> statement-breakpoint
CREATE INDEX "dashboard_counts_month_idx" ON "dashboard_counts" USING btree ("month","measure");--> statement-breakpoint
INSERT INTO "pending_rebuilds" ("projection") VALUES ('dashboard');