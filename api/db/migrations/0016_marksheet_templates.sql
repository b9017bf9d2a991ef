CREATE TABLE "marksheet_template_revisions" (
	"template_id" text NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	CONSTRAINT "marksheet_template_revisions_template_id_revision_pk" PRIMARY KEY("template_id","revision")
);
--> statement-breakpoint
CREATE TABLE "marksheet_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"is_default" boolean NOT NULL,
	"revision" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD COLUMN "template_revision" integer;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "template_revision" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "marksheet_templates_name_key" ON "marksheet_templates" USING btree (lower("name"));