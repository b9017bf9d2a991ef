CREATE TABLE "access_audit_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"branch_id" text,
	"permission_ids" text[] NOT NULL,
	"deleted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_changes" (
	"position" bigint NOT NULL,
	"user_id" text NOT NULL,
	"actor_id" text,
	"branch_id" text,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"granted" text[] NOT NULL,
	"removed" text[] NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "access_changes_position_kind_pk" PRIMARY KEY("position","kind")
);
--> statement-breakpoint
CREATE TABLE "pending_rebuilds" (
	"projection" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_changes_user_idx" ON "access_changes" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "access_changes_actor_idx" ON "access_changes" USING btree ("actor_id","position");--> statement-breakpoint
CREATE INDEX "access_changes_branch_idx" ON "access_changes" USING btree ("branch_id","position");--> statement-breakpoint
INSERT INTO "pending_rebuilds" ("projection") VALUES ('access-changes');