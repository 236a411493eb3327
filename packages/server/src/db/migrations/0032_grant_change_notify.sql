-- A grant changes who may read a parent's records, so it is announced as a change to
-- that parent (migration 0003): each app server then drops the searches and facet counts
-- it kept, among them signed-in callers' (http/search-cache.ts).
CREATE TRIGGER grants_notify_change AFTER INSERT OR UPDATE OR DELETE ON grants
  FOR EACH ROW EXECUTE FUNCTION arca_notify_record_change();
