CREATE TABLE "course_papers" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"question_paper_marks" integer NOT NULL,
	"passing_marks" integer NOT NULL,
	"question_paper" text,
	"position" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "course_papers_course_code_key" ON "course_papers" USING btree ("course_id",lower("code"));--> statement-breakpoint
CREATE INDEX "course_papers_course_position_idx" ON "course_papers" USING btree ("course_id","position","id");