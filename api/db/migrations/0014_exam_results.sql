CREATE TABLE "exam_marks" (
	"exam_id" text NOT NULL,
	"student_id" text NOT NULL,
	"subject" text NOT NULL,
	"branch_id" text NOT NULL,
	"hundredths" integer,
	"absent" boolean NOT NULL,
	"version" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_marks_exam_id_student_id_subject_pk" PRIMARY KEY("exam_id","student_id","subject")
);
--> statement-breakpoint
CREATE TABLE "exam_sittings" (
	"exam_id" text NOT NULL,
	"branch_id" text NOT NULL,
	"state" text NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"version" integer NOT NULL,
	CONSTRAINT "exam_sittings_exam_id_branch_id_pk" PRIMARY KEY("exam_id","branch_id")
);
--> statement-breakpoint
CREATE INDEX "exam_marks_exam_branch_idx" ON "exam_marks" USING btree ("exam_id","branch_id");