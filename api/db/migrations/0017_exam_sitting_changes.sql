CREATE TABLE "exam_sitting_changes" (
	"exam_id" text NOT NULL,
	"student_id" text NOT NULL,
	"branch_id" text NOT NULL,
	"change" text NOT NULL,
	"reason" text,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" text,
	CONSTRAINT "exam_sitting_changes_exam_id_student_id_pk" PRIMARY KEY("exam_id","student_id")
);
--> statement-breakpoint
CREATE INDEX "exam_sitting_changes_exam_idx" ON "exam_sitting_changes" USING btree ("exam_id","change");