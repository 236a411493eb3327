ALTER TABLE "jobs" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pids" ADD COLUMN "agency_target" text;--> statement-breakpoint
ALTER TABLE "pids" ADD COLUMN "agency_state" text;--> statement-breakpoint
ALTER TABLE "pids" ADD COLUMN "agency_error" text;--> statement-breakpoint
ALTER TABLE "pids" ADD COLUMN "agency_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pids_agency_failed" ON "pids" USING btree ("agency_updated_at") WHERE "pids"."agency_error" IS NOT NULL;