CREATE TABLE "issued_documents" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"exam_id" text NOT NULL,
	"student_id" text NOT NULL,
	"branch_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" text,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_current_key" ON "issued_documents" USING btree ("kind","exam_id","student_id") WHERE "issued_documents"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "issued_documents_sitting_idx" ON "issued_documents" USING btree ("exam_id","branch_id","kind");