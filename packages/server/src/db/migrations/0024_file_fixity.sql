ALTER TABLE "file_objects" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "file_objects" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "file_objects" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "file_objects" ADD COLUMN "fixity_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "file_objects_fixity" ON "file_objects" USING btree ("checked_at" NULLS FIRST);