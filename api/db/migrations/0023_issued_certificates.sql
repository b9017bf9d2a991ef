CREATE TABLE "certificate_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"code" text NOT NULL,
	"student_id" text NOT NULL,
	"student_name" text NOT NULL,
	"registration_no" text,
	"course_id" text NOT NULL,
	"course_name" text NOT NULL,
	"branch_id" text,
	"branch_name" text,
	"format_id" text NOT NULL,
	"format_name" text NOT NULL,
	"format_revision" integer NOT NULL,
	"values" jsonb NOT NULL,
	"photo" text,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" text,
	"job_id" text,
	"status" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"superseded_by_id" text,
	"superseded_by_number" text,
	"supersedes_id" text,
	"supersedes_number" text,
	"search_text" text NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_code_key" ON "issued_certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_number_key" ON "issued_certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_current_key" ON "issued_certificates" USING btree ("kind","student_id","course_id") WHERE "issued_certificates"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "issued_certificates_issued_idx" ON "issued_certificates" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "issued_certificates_branch_issued_idx" ON "issued_certificates" USING btree ("branch_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "issued_certificates_course_idx" ON "issued_certificates" USING btree ("course_id","kind");--> statement-breakpoint
CREATE INDEX "issued_certificates_job_idx" ON "issued_certificates" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_search_trgm_idx" ON "issued_certificates" USING gin ("search_text" gin_trgm_ops);