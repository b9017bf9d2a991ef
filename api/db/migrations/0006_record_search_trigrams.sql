CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "records_search_trgm_idx" ON "records" USING gin ("search_text" gin_trgm_ops);
