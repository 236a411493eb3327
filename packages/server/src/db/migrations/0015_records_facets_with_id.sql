DROP INDEX "records_facets";--> statement-breakpoint
CREATE INDEX "records_facets" ON "records" USING btree ("is_latest","access_record","resource_type","access_status","file_types","parent_id","id");