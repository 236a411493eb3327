-- Every change to a published record or a parent is announced on a channel, so each
-- app server can drop what it cached about that parent's records (see http/record-cache.ts).
CREATE OR REPLACE FUNCTION arca_notify_record_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('arca_record_changes', COALESCE(NEW.parent_id, OLD.parent_id));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION arca_notify_parent_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('arca_record_changes', COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER records_notify_change AFTER INSERT OR UPDATE OR DELETE ON records
  FOR EACH ROW EXECUTE FUNCTION arca_notify_record_change();
--> statement-breakpoint
CREATE TRIGGER parents_notify_change AFTER UPDATE OR DELETE ON parents
  FOR EACH ROW EXECUTE FUNCTION arca_notify_parent_change();
