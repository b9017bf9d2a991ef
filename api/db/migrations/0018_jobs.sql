CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"subject" text NOT NULL,
	"state" text NOT NULL,
	"done" integer NOT NULL,
	"total" integer NOT NULL,
	"attempts" integer NOT NULL,
	"lease_id" text,
	"lease_expires_at" timestamp with time zone,
	"result" text,
	"error" text,
	"requested_by" text,
	"branch_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unfinished_subject_key" ON "jobs" USING btree ("kind","subject") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_waiting_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."state" in ('queued', 'running');