ALTER TABLE "jobs" DROP CONSTRAINT "jobs_state_check";--> statement-breakpoint
CREATE INDEX "jobs_requested_created_idx" ON "jobs" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'));