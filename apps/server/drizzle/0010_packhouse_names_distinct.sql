-- Packhouse names become unique ignoring case and surrounding spaces (next migration). A database
-- that already holds such duplicates keeps every packhouse: each later duplicate is renamed with its
-- id in brackets, e.g. "Addo Packhouse (12)", so the unique index can be built.
UPDATE "packhouses" AS p
SET "name" = btrim(p."name") || ' (' || p."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "packhouses" AS q
  WHERE lower(btrim(q."name")) = lower(btrim(p."name")) AND q."id" < p."id"
);
