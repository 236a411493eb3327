ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before addresses were verified keep what they could do.
UPDATE "users" SET "email_verified_at" = "created_at";
