DROP INDEX "records_latest_created";--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "search_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "search_fields" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "publication_range" daterange;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "search_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "search_fields" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "publication_range" daterange;--> statement-breakpoint
CREATE INDEX "drafts_keys" ON "drafts" USING gin ("search_keys");--> statement-breakpoint
CREATE INDEX "drafts_fields_trgm" ON "drafts" USING gin ("search_fields" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drafts_publication" ON "drafts" USING gist ("publication_range");--> statement-breakpoint
CREATE INDEX "drafts_created" ON "drafts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "drafts_updated" ON "drafts" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "parents_communities" ON "parents" USING gin (("communities" -> 'ids'));--> statement-breakpoint
CREATE INDEX "records_latest_updated" ON "records" USING btree ("is_latest","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "records_created" ON "records" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "records_facets" ON "records" USING btree ("is_latest","access_record","resource_type","access_status","file_types","parent_id");--> statement-breakpoint
CREATE INDEX "records_keys" ON "records" USING gin ("search_keys");--> statement-breakpoint
CREATE INDEX "records_fields_trgm" ON "records" USING gin ("search_fields" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_publication" ON "records" USING gist ("publication_range");--> statement-breakpoint
CREATE INDEX "records_latest_created" ON "records" USING btree ("is_latest","created_at" DESC NULLS FIRST,"id");