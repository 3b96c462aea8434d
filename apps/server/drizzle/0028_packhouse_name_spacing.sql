-- Packhouse names become unique ignoring inner spacing too ("QA  Packhouse" is "QA Packhouse"), as
-- they already were ignoring case and surrounding spaces. A database that already holds names that
-- differ only so keeps every packhouse: each later one is renamed with its id in brackets, e.g.
-- "QA  Packhouse (12)", so the unique index can be built (as migration 0010 did).
UPDATE "packhouses" AS p
SET "name" = btrim(p."name") || ' (' || p."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "packhouses" AS q
  WHERE lower(btrim(regexp_replace(q."name", '\s+', ' ', 'g'))) = lower(btrim(regexp_replace(p."name", '\s+', ' ', 'g'))) AND q."id" < p."id"
);--> statement-breakpoint
DROP INDEX "packhouses_name_unique_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "packhouses_name_unique_idx" ON "packhouses" USING btree (lower(btrim(regexp_replace("name", '\s+', ' ', 'g'))));
