ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before addresses were verified keep what they could do.
UPDATE "users" SET "email_verified_at" = "created_at";
--> statement-breakpoint
-- A confirmed address changes what a session may do: cached sessions must hear of it.
DROP TRIGGER users_notify_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at)
  EXECUTE FUNCTION arca_notify_user_change();
