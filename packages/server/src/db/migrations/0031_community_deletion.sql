ALTER TABLE "communities" ADD COLUMN "deletion_status" text DEFAULT 'P' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "tombstone" jsonb;--> statement-breakpoint
-- A deleted community's roles give nothing (sessions.service.ts leaves them out), so
-- deleting or restoring one changes what its members' sessions say: it is announced with
-- each member's id, as a membership change is (migration 0008).
CREATE OR REPLACE FUNCTION arca_notify_community_deletion() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('arca_session_changes', m.user_id::text)
    FROM community_members m WHERE m.community_id = NEW.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER communities_notify_deletion AFTER UPDATE ON communities
  FOR EACH ROW
  WHEN (OLD.deletion_status IS DISTINCT FROM NEW.deletion_status)
  EXECUTE FUNCTION arca_notify_community_deletion();
