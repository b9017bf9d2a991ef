CREATE TABLE "import_rows" (
	"job_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"record_id" text,
	"messages" jsonb NOT NULL,
	CONSTRAINT "import_rows_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" text PRIMARY KEY NOT NULL,
	"form_type" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"requested_by" text,
	"branch_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_import_keys" (
	"form_type" text NOT NULL,
	"key" text NOT NULL,
	"record_id" text NOT NULL,
	"job_id" text NOT NULL,
	CONSTRAINT "record_import_keys_form_type_key_pk" PRIMARY KEY("form_type","key")
);
--> statement-breakpoint
CREATE INDEX "import_rows_job_outcome_idx" ON "import_rows" USING btree ("job_id","outcome","row_number");--> statement-breakpoint
CREATE INDEX "imports_requested_created_idx" ON "imports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "record_import_keys_record_idx" ON "record_import_keys" USING btree ("record_id");