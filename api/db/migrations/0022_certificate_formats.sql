CREATE TABLE "certificate_format_versions" (
	"format_id" text NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	CONSTRAINT "certificate_format_versions_format_id_revision_pk" PRIMARY KEY("format_id","revision")
);
--> statement-breakpoint
CREATE TABLE "certificate_formats" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"archived" boolean NOT NULL,
	"revision" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_formats_name_key" ON "certificate_formats" USING btree ("kind",lower("name"));