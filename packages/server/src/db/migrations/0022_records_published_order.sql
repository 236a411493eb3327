ALTER TABLE "records" ADD COLUMN "published_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "records_published" ON "records" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "records_published_xid" ON "records" USING btree ("published_xid");