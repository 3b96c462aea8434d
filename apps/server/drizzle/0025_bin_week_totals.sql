CREATE TABLE "bin_week_totals" (
	"organization_id" integer NOT NULL,
	"production_block_id" integer NOT NULL,
	"packhouse_id" integer NOT NULL,
	"variety_id" integer NOT NULL,
	"season" integer NOT NULL,
	"week_start" date NOT NULL,
	"not_tipped" integer NOT NULL,
	"tipped" integer NOT NULL,
	"tipped_kgs" numeric NOT NULL,
	CONSTRAINT "bin_week_totals_organization_id_production_block_id_season_week_start_packhouse_id_variety_id_pk" PRIMARY KEY("organization_id","production_block_id","season","week_start","packhouse_id","variety_id")
);
--> statement-breakpoint
ALTER TABLE "bin_week_totals" ADD CONSTRAINT "bin_week_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_week_totals" ADD CONSTRAINT "bin_week_totals_production_block_id_production_blocks_id_fk" FOREIGN KEY ("production_block_id") REFERENCES "public"."production_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_week_totals" ADD CONSTRAINT "bin_week_totals_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_week_totals" ADD CONSTRAINT "bin_week_totals_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bin_week_totals_packhouse_idx" ON "bin_week_totals" USING btree ("packhouse_id","season","variety_id");--> statement-breakpoint
CREATE INDEX "bin_week_totals_season_idx" ON "bin_week_totals" USING btree ("season","organization_id");--> statement-breakpoint
-- The Monday of the ISO week of a day, in date arithmetic (no time zone involved).
CREATE FUNCTION iso_week_start(d date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT d - (extract(isodow FROM d)::int - 1) $$;
--> statement-breakpoint
-- One statement's change of fruit_bins applied to bin_week_totals. The bins that arrived (new_bins)
-- count +1 and those that left (old_bins) -1, summed per key; a row whose bins all leave is deleted,
-- other existing rows are updated, and a key without a row gets one unless its bins only left (its
-- row went with a cascade from its block or organisation). Statement-level, so an INSERT ... SELECT
-- of a million bins is one grouped pass over its transition table, not a million row updates.
-- The statement is written once; only its source of deltas depends on the event (a transition
-- table exists only for the events that have it, hence EXECUTE).
CREATE FUNCTION fruit_bins_maintain_week_totals() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  arrived constant text := 'SELECT organization_id, production_block_id, packhouse_id, variety_id, season, iso_week_start(received_date) AS week_start,
      (NOT tipped)::int AS not_tipped, tipped::int AS tipped, CASE WHEN tipped THEN coalesce(tipped_kgs, 0)::numeric ELSE 0 END AS tipped_kgs FROM new_bins';
  departed constant text := 'SELECT organization_id, production_block_id, packhouse_id, variety_id, season, iso_week_start(received_date) AS week_start,
      -(NOT tipped)::int AS not_tipped, -tipped::int AS tipped, CASE WHEN tipped THEN -coalesce(tipped_kgs, 0)::numeric ELSE 0 END AS tipped_kgs FROM old_bins';
  source text;
BEGIN
  source := CASE TG_OP WHEN 'INSERT' THEN arrived WHEN 'DELETE' THEN departed ELSE arrived || ' UNION ALL ' || departed END;
  EXECUTE format($sql$
    WITH d AS (
      SELECT organization_id, production_block_id, packhouse_id, variety_id, season, week_start,
        sum(not_tipped)::int AS not_tipped, sum(tipped)::int AS tipped, sum(tipped_kgs) AS tipped_kgs
      FROM (%s) delta
      GROUP BY organization_id, production_block_id, packhouse_id, variety_id, season, week_start
    ),
    emptied AS (
      DELETE FROM bin_week_totals t USING d
      WHERE t.organization_id = d.organization_id AND t.production_block_id = d.production_block_id AND t.season = d.season
        AND t.week_start = d.week_start AND t.packhouse_id = d.packhouse_id AND t.variety_id = d.variety_id
        AND t.not_tipped + d.not_tipped = 0 AND t.tipped + d.tipped = 0
      RETURNING t.organization_id, t.production_block_id, t.packhouse_id, t.variety_id, t.season, t.week_start
    ),
    updated AS (
      UPDATE bin_week_totals t
      SET not_tipped = t.not_tipped + d.not_tipped, tipped = t.tipped + d.tipped, tipped_kgs = t.tipped_kgs + d.tipped_kgs
      FROM d
      WHERE t.organization_id = d.organization_id AND t.production_block_id = d.production_block_id AND t.season = d.season
        AND t.week_start = d.week_start AND t.packhouse_id = d.packhouse_id AND t.variety_id = d.variety_id
        AND NOT (t.not_tipped + d.not_tipped = 0 AND t.tipped + d.tipped = 0)
      RETURNING t.organization_id, t.production_block_id, t.packhouse_id, t.variety_id, t.season, t.week_start
    ),
    touched AS (SELECT * FROM emptied UNION ALL SELECT * FROM updated)
    INSERT INTO bin_week_totals AS t (organization_id, production_block_id, packhouse_id, variety_id, season, week_start, not_tipped, tipped, tipped_kgs)
    SELECT d.organization_id, d.production_block_id, d.packhouse_id, d.variety_id, d.season, d.week_start, d.not_tipped, d.tipped, d.tipped_kgs
    FROM d
    WHERE d.not_tipped >= 0 AND d.tipped >= 0 AND d.not_tipped + d.tipped > 0
      AND NOT EXISTS (
        SELECT 1 FROM touched u
        WHERE u.organization_id = d.organization_id AND u.production_block_id = d.production_block_id AND u.season = d.season
          AND u.week_start = d.week_start AND u.packhouse_id = d.packhouse_id AND u.variety_id = d.variety_id)
    ORDER BY d.organization_id, d.production_block_id, d.season, d.week_start, d.packhouse_id, d.variety_id
    ON CONFLICT (organization_id, production_block_id, season, week_start, packhouse_id, variety_id) DO UPDATE
    SET not_tipped = t.not_tipped + excluded.not_tipped, tipped = t.tipped + excluded.tipped, tipped_kgs = t.tipped_kgs + excluded.tipped_kgs
  $sql$, source);
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE FUNCTION fruit_bins_truncate_week_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE bin_week_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fruit_bins_week_totals_insert AFTER INSERT ON fruit_bins
  REFERENCING NEW TABLE AS new_bins FOR EACH STATEMENT EXECUTE FUNCTION fruit_bins_maintain_week_totals();
--> statement-breakpoint
CREATE TRIGGER fruit_bins_week_totals_update AFTER UPDATE ON fruit_bins
  REFERENCING OLD TABLE AS old_bins NEW TABLE AS new_bins FOR EACH STATEMENT EXECUTE FUNCTION fruit_bins_maintain_week_totals();
--> statement-breakpoint
CREATE TRIGGER fruit_bins_week_totals_delete AFTER DELETE ON fruit_bins
  REFERENCING OLD TABLE AS old_bins FOR EACH STATEMENT EXECUTE FUNCTION fruit_bins_maintain_week_totals();
--> statement-breakpoint
CREATE TRIGGER fruit_bins_week_totals_truncate AFTER TRUNCATE ON fruit_bins
  FOR EACH STATEMENT EXECUTE FUNCTION fruit_bins_truncate_week_totals();
--> statement-breakpoint
-- fired in replica mode too: the demo seed sets session_replication_role = replica while it writes bins
ALTER TABLE fruit_bins ENABLE ALWAYS TRIGGER fruit_bins_week_totals_insert;
--> statement-breakpoint
ALTER TABLE fruit_bins ENABLE ALWAYS TRIGGER fruit_bins_week_totals_update;
--> statement-breakpoint
ALTER TABLE fruit_bins ENABLE ALWAYS TRIGGER fruit_bins_week_totals_delete;
--> statement-breakpoint
ALTER TABLE fruit_bins ENABLE ALWAYS TRIGGER fruit_bins_week_totals_truncate;
--> statement-breakpoint
INSERT INTO bin_week_totals (organization_id, production_block_id, packhouse_id, variety_id, season, week_start, not_tipped, tipped, tipped_kgs)
SELECT organization_id, production_block_id, packhouse_id, variety_id, season, iso_week_start(received_date),
  (count(*) FILTER (WHERE NOT tipped))::int, (count(*) FILTER (WHERE tipped))::int,
  coalesce(sum(tipped_kgs::numeric) FILTER (WHERE tipped), 0)
FROM fruit_bins
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- The latest season with harvest activity an organisation can see, now from the week totals (a bin's
-- season is the calendar year it is received in).
CREATE OR REPLACE FUNCTION harvest_latest_season(org integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT max(s)::integer FROM (
      SELECT max(ye.season) AS s FROM yield_estimates ye WHERE ye.organization_id = org
      UNION ALL
      SELECT max(t.season) FROM bin_week_totals t WHERE t.organization_id = org
      UNION ALL
      SELECT max(t.season) FROM packhouses p JOIN bin_week_totals t ON t.packhouse_id = p.id
        WHERE p.owner_organization_id = org
    ) seasons
  );
END;
$$;
