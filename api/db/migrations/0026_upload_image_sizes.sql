ALTER TABLE "uploads" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "web_copies" integer[];