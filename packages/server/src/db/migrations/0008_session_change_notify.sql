-- Every change that alters what a resolved session says about its user (the session
-- itself, the user's admin flag or activity, their group and community memberships) is
-- announced with the user's id, so each app server can drop the sessions it cached
-- (see services/sessions.service.ts).
CREATE OR REPLACE FUNCTION arca_notify_session_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('arca_session_changes', COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arca_notify_user_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('arca_session_changes', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION arca_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER group_members_notify_change AFTER INSERT OR UPDATE OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION arca_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER community_members_notify_change AFTER INSERT OR UPDATE OR DELETE ON community_members
  FOR EACH ROW EXECUTE FUNCTION arca_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION arca_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION arca_notify_user_change();
