CREATE TABLE "course_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"stream_type" text NOT NULL,
	"stream_id" text NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"actor_id" text,
	"branch_id" text,
	"request_id" text,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"scope" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" bigint NOT NULL,
	CONSTRAINT "number_sequences_scope_year_pk" PRIMARY KEY("scope","year")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"level" text NOT NULL,
	"module" text NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" text PRIMARY KEY NOT NULL,
	"form_type" text NOT NULL,
	"branch_id" text,
	"title" text NOT NULL,
	"code" text,
	"course_id" text,
	"registration_no" text,
	"roll_no" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_registered" boolean DEFAULT false NOT NULL,
	"completed_course" boolean DEFAULT false NOT NULL,
	"wallet_enabled" boolean DEFAULT false NOT NULL,
	"admission_date" date,
	"fields" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" text NOT NULL,
	"permission_id" text NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"branch_id" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "course_categories_name_key" ON "course_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "events_stream_version_key" ON "events" USING btree ("stream_id","version");--> statement-breakpoint
CREATE INDEX "events_stream_type_idx" ON "events" USING btree ("stream_type","position");--> statement-breakpoint
CREATE INDEX "records_type_created_idx" ON "records" USING btree ("form_type","created_at","id");--> statement-breakpoint
CREATE INDEX "records_type_branch_created_idx" ON "records" USING btree ("form_type","branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "records_type_title_idx" ON "records" USING btree ("form_type","title","id");--> statement-breakpoint
CREATE UNIQUE INDEX "records_registration_no_key" ON "records" USING btree ("registration_no");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_branch_idx" ON "users" USING btree ("branch_id");