ALTER TABLE "records" ADD COLUMN "deletion_status" text DEFAULT 'P' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "tombstone" jsonb;