CREATE TABLE "site_sections" (
	"section" text PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"draft_saved_at" timestamp with time zone,
	"draft_saved_by" text,
	"published" jsonb,
	"published_number" integer,
	"published_at" timestamp with time zone,
	"published_by" text,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_versions" (
	"section" text NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	"restored_from" integer,
	CONSTRAINT "site_versions_section_number_pk" PRIMARY KEY("section","number")
);
--> statement-breakpoint
-- The public site's answers are kept per process until a section changes (decision 016).
CREATE TRIGGER "site_sections_setting_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_setting_change();
