CREATE TABLE "record_files" (
	"key" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_files_record_idx" ON "record_files" USING btree ("record_id");