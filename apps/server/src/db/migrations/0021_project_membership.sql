-- Project membership rests on a role in one of the project's live networks (or on having created it):
-- rows left by earlier consoles without such a role are removed, and an account whose default was among
-- them takes its most recently changed remaining project as its default.
DELETE FROM "project_users" pu USING "projects" p
WHERE p.id = pu.pid AND p.created_by IS DISTINCT FROM pu.uid
  AND NOT EXISTS (
    SELECT 1 FROM "network_users" nu JOIN "networks" n ON n.id = nu.nid
    WHERE nu.uid = pu.uid AND n.pid = pu.pid AND n.deleted_at IS NULL
  );--> statement-breakpoint
UPDATE "project_users" pu SET is_default = true
FROM (
  SELECT DISTINCT ON (c.uid) c.uid, c.pid FROM "project_users" c JOIN "projects" p ON p.id = c.pid
  WHERE NOT EXISTS (SELECT 1 FROM "project_users" d WHERE d.uid = c.uid AND d.is_default)
  ORDER BY c.uid, p.updated_at DESC, p.id DESC
) pick
WHERE pu.uid = pick.uid AND pu.pid = pick.pid;
