-- A category's answers carry its stream's version, the ETag a client sends back as If-Match.
-- Categories are a few dozen rows: the name's unique index on lower(name) serves sorting by
-- name, and sorting or searching otherwise reads the whole small table, so no index is added.
ALTER TABLE "course_categories" ADD COLUMN "version" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE "course_categories" AS c
  SET "version" = (SELECT max(e."version") FROM "events" AS e WHERE e."stream_id" = c."id");
--> statement-breakpoint
ALTER TABLE "course_categories" ALTER COLUMN "version" DROP DEFAULT;
