CREATE TABLE "scouting_day_totals" (
	"organization_id" integer NOT NULL,
	"farm_block_id" integer NOT NULL,
	"day" date NOT NULL,
	"sessions" integer NOT NULL,
	"points" integer NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_session_id" integer,
	CONSTRAINT "scouting_day_totals_organization_id_farm_block_id_day_pk" PRIMARY KEY("organization_id","farm_block_id","day")
);
--> statement-breakpoint
CREATE TABLE "scouting_pest_day_totals" (
	"organization_id" integer NOT NULL,
	"farm_block_id" integer NOT NULL,
	"day" date NOT NULL,
	"pest" text NOT NULL,
	"observations" integer NOT NULL,
	"infested" integer NOT NULL,
	CONSTRAINT "scouting_pest_day_totals_organization_id_farm_block_id_day_pest_pk" PRIMARY KEY("organization_id","farm_block_id","day","pest")
);
--> statement-breakpoint
CREATE TABLE "trap_day_totals" (
	"organization_id" integer NOT NULL,
	"farm_block_id" integer NOT NULL,
	"trap_type" text NOT NULL,
	"lure" text NOT NULL,
	"day" date NOT NULL,
	"inspections" integer NOT NULL,
	"total_count" integer NOT NULL,
	"max_count" integer NOT NULL,
	CONSTRAINT "trap_day_totals_organization_id_farm_block_id_day_trap_type_lure_pk" PRIMARY KEY("organization_id","farm_block_id","day","trap_type","lure")
);
--> statement-breakpoint
CREATE TABLE "trap_latest_inspections" (
	"trap_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"farm_block_id" integer NOT NULL,
	"trap_type" text NOT NULL,
	"lure" text NOT NULL,
	"inspection_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scouting_day_totals" ADD CONSTRAINT "scouting_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scouting_day_totals" ADD CONSTRAINT "scouting_day_totals_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scouting_pest_day_totals" ADD CONSTRAINT "scouting_pest_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scouting_pest_day_totals" ADD CONSTRAINT "scouting_pest_day_totals_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_day_totals" ADD CONSTRAINT "trap_day_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_day_totals" ADD CONSTRAINT "trap_day_totals_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_latest_inspections" ADD CONSTRAINT "trap_latest_inspections_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_latest_inspections" ADD CONSTRAINT "trap_latest_inspections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trap_latest_inspections_block_idx" ON "trap_latest_inspections" USING btree ("organization_id","farm_block_id","inspected_on");--> statement-breakpoint
-- The South African day an instant falls on (the pest dashboard's days; Africa/Johannesburg keeps no daylight saving).
CREATE FUNCTION pest_local_day(instant timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (instant AT TIME ZONE 'Africa/Johannesburg')::date $$;
--> statement-breakpoint
-- Recounts scouting_day_totals and scouting_pest_day_totals of the given (organisation, block, day)
-- keys from the sessions and observations themselves. Deleting the keys' rows first locks them, so
-- a concurrent writer of the same keys waits, and the recount (a later statement, so a fresh
-- snapshot) sees what it committed; a key's row that appears meanwhile is added to, not replaced.
CREATE FUNCTION scouting_recount_totals(orgs integer[], blocks integer[], days date[]) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM scouting_day_totals t USING unnest(orgs, blocks, days) AS k(org, block, day)
  WHERE t.organization_id = k.org AND t.farm_block_id = k.block AND t.day = k.day;
  DELETE FROM scouting_pest_day_totals t USING unnest(orgs, blocks, days) AS k(org, block, day)
  WHERE t.organization_id = k.org AND t.farm_block_id = k.block AND t.day = k.day;
  INSERT INTO scouting_day_totals AS t (organization_id, farm_block_id, day, sessions, points, last_started_at, last_session_id)
  SELECT k.org, k.block, k.day, count(*)::int, coalesce(sum(p.points), 0)::int,
    (array_agg(s.started_at ORDER BY s.started_at DESC, s.id DESC))[1], (array_agg(s.id ORDER BY s.started_at DESC, s.id DESC))[1]
  FROM (SELECT DISTINCT * FROM unnest(orgs, blocks, days) AS u(org, block, day)) k
  JOIN scouting_sessions s ON s.organization_id = k.org AND s.farm_block_id = k.block
    AND s.started_at >= k.day::timestamp AT TIME ZONE 'Africa/Johannesburg' AND s.started_at < (k.day + 1)::timestamp AT TIME ZONE 'Africa/Johannesburg'
  LEFT JOIN LATERAL (SELECT count(DISTINCT o.point_number)::int AS points FROM scouting_observations o WHERE o.session_id = s.id) p ON true
  GROUP BY k.org, k.block, k.day
  ORDER BY k.org, k.day, k.block
  ON CONFLICT (organization_id, day, farm_block_id) DO UPDATE
  SET sessions = t.sessions + excluded.sessions, points = t.points + excluded.points,
    last_started_at = CASE WHEN t.last_started_at IS NULL OR (excluded.last_started_at, excluded.last_session_id) > (t.last_started_at, t.last_session_id) THEN excluded.last_started_at ELSE t.last_started_at END,
    last_session_id = CASE WHEN t.last_started_at IS NULL OR (excluded.last_started_at, excluded.last_session_id) > (t.last_started_at, t.last_session_id) THEN excluded.last_session_id ELSE t.last_session_id END;
  INSERT INTO scouting_pest_day_totals AS t (organization_id, farm_block_id, day, pest, observations, infested)
  SELECT k.org, k.block, k.day, o.pest, count(*)::int, (count(*) FILTER (WHERE coalesce(o.count > 0, o.present, false)))::int
  FROM (SELECT DISTINCT * FROM unnest(orgs, blocks, days) AS u(org, block, day)) k
  JOIN scouting_sessions s ON s.organization_id = k.org AND s.farm_block_id = k.block
    AND s.started_at >= k.day::timestamp AT TIME ZONE 'Africa/Johannesburg' AND s.started_at < (k.day + 1)::timestamp AT TIME ZONE 'Africa/Johannesburg'
  JOIN scouting_observations o ON o.session_id = s.id
  GROUP BY k.org, k.block, k.day, o.pest
  ORDER BY k.org, k.day, k.block, o.pest
  ON CONFLICT (organization_id, day, farm_block_id, pest) DO UPDATE
  SET observations = t.observations + excluded.observations, infested = t.infested + excluded.infested;
END;
$fn$;
--> statement-breakpoint
-- One statement's change of scouting_sessions. A new session adds 1 to its day's sessions (it has
-- no observations yet: they reference it) and may be the day's newest. A session that moved (block,
-- organisation or start changed) or left has the days it left and entered recounted.
CREATE FUNCTION scouting_sessions_maintain_totals() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  orgs integer[];
  blocks integer[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO scouting_day_totals AS t (organization_id, farm_block_id, day, sessions, points, last_started_at, last_session_id)
    SELECT organization_id, farm_block_id, pest_local_day(started_at), count(*)::int, 0,
      (array_agg(started_at ORDER BY started_at DESC, id DESC))[1], (array_agg(id ORDER BY started_at DESC, id DESC))[1]
    FROM new_sessions
    GROUP BY 1, 2, 3
    ORDER BY 1, 3, 2
    ON CONFLICT (organization_id, day, farm_block_id) DO UPDATE
    SET sessions = t.sessions + excluded.sessions,
      last_started_at = CASE WHEN t.last_started_at IS NULL OR (excluded.last_started_at, excluded.last_session_id) > (t.last_started_at, t.last_session_id) THEN excluded.last_started_at ELSE t.last_started_at END,
      last_session_id = CASE WHEN t.last_started_at IS NULL OR (excluded.last_started_at, excluded.last_session_id) > (t.last_started_at, t.last_session_id) THEN excluded.last_session_id ELSE t.last_session_id END;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(organization_id), array_agg(farm_block_id), array_agg(day) INTO orgs, blocks, days
    FROM (SELECT DISTINCT organization_id, farm_block_id, pest_local_day(started_at) AS day FROM old_sessions) k;
  ELSE
    SELECT array_agg(organization_id), array_agg(farm_block_id), array_agg(day) INTO orgs, blocks, days
    FROM (
      SELECT o.organization_id, o.farm_block_id, pest_local_day(o.started_at) AS day
      FROM old_sessions o JOIN new_sessions n ON n.id = o.id
      WHERE (o.organization_id, o.farm_block_id, o.started_at) IS DISTINCT FROM (n.organization_id, n.farm_block_id, n.started_at)
      UNION
      SELECT n.organization_id, n.farm_block_id, pest_local_day(n.started_at)
      FROM new_sessions n LEFT JOIN old_sessions o ON o.id = n.id
      WHERE o.id IS NULL OR (o.organization_id, o.farm_block_id, o.started_at) IS DISTINCT FROM (n.organization_id, n.farm_block_id, n.started_at)
      UNION
      SELECT o.organization_id, o.farm_block_id, pest_local_day(o.started_at)
      FROM old_sessions o LEFT JOIN new_sessions n ON n.id = o.id
      WHERE n.id IS NULL
    ) k;
  END IF;
  IF orgs IS NOT NULL THEN
    PERFORM scouting_recount_totals(orgs, blocks, days);
  END IF;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
-- One statement's change of scouting_observations, applied to the days of their sessions (an
-- observation whose session is gone left with it: the session's delete recounts its day). Per pest,
-- the observations that arrived count +1 and those that left -1; a point counts once per session
-- however many pests it recorded, so a point's change is whether the session had it before the
-- statement and has it after (after: the table now; before: now less the arrivals plus the departures).
-- "Now" must hold every committed observation of those sessions: so the sessions' rows are locked
-- first (in id order), and two transactions recording the same session take turns; the statements
-- after the lock see what the other committed (READ COMMITTED: a fresh snapshot per statement).
CREATE FUNCTION scouting_observations_maintain_totals() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  arrived constant text := 'SELECT session_id, point_number, pest, 1 AS n, coalesce(count > 0, present, false)::int AS infested FROM new_observations';
  departed constant text := 'SELECT session_id, point_number, pest, -1 AS n, -coalesce(count > 0, present, false)::int AS infested FROM old_observations';
  source text;
BEGIN
  source := CASE TG_OP WHEN 'INSERT' THEN arrived WHEN 'DELETE' THEN departed ELSE arrived || ' UNION ALL ' || departed END;
  EXECUTE format('SELECT 1 FROM scouting_sessions WHERE id IN (SELECT session_id FROM (%s) c) ORDER BY id FOR NO KEY UPDATE', source);
  EXECUTE format($sql$
    WITH c AS MATERIALIZED (%s),
    s AS MATERIALIZED (
      SELECT id, organization_id, farm_block_id, pest_local_day(started_at) AS day FROM scouting_sessions WHERE id IN (SELECT session_id FROM c)),
    d AS (
      SELECT s.organization_id, s.farm_block_id, s.day, c.pest, sum(c.n)::int AS observations, sum(c.infested)::int AS infested
      FROM c JOIN s ON s.id = c.session_id
      GROUP BY 1, 2, 3, 4
      HAVING sum(c.n) <> 0 OR sum(c.infested) <> 0),
    emptied AS (
      DELETE FROM scouting_pest_day_totals t USING d
      WHERE t.organization_id = d.organization_id AND t.day = d.day AND t.farm_block_id = d.farm_block_id AND t.pest = d.pest
        AND t.observations + d.observations = 0
      RETURNING t.organization_id, t.day, t.farm_block_id, t.pest),
    updated AS (
      UPDATE scouting_pest_day_totals t SET observations = t.observations + d.observations, infested = t.infested + d.infested
      FROM d
      WHERE t.organization_id = d.organization_id AND t.day = d.day AND t.farm_block_id = d.farm_block_id AND t.pest = d.pest
        AND t.observations + d.observations <> 0
      RETURNING t.organization_id, t.day, t.farm_block_id, t.pest),
    touched AS (SELECT * FROM emptied UNION ALL SELECT * FROM updated)
    INSERT INTO scouting_pest_day_totals AS t (organization_id, farm_block_id, day, pest, observations, infested)
    SELECT d.organization_id, d.farm_block_id, d.day, d.pest, d.observations, d.infested
    FROM d
    WHERE d.observations > 0 AND d.infested >= 0
      AND NOT EXISTS (SELECT 1 FROM touched u WHERE u.organization_id = d.organization_id AND u.day = d.day AND u.farm_block_id = d.farm_block_id AND u.pest = d.pest)
    ORDER BY d.organization_id, d.day, d.farm_block_id, d.pest
    ON CONFLICT (organization_id, day, farm_block_id, pest) DO UPDATE
    SET observations = t.observations + excluded.observations, infested = t.infested + excluded.infested
  $sql$, source);
  EXECUTE format($sql$
    WITH c AS MATERIALIZED (%s),
    p AS (SELECT session_id, point_number, sum(n)::int AS net FROM c GROUP BY 1, 2),
    s AS MATERIALIZED (
      SELECT id, organization_id, farm_block_id, pest_local_day(started_at) AS day FROM scouting_sessions WHERE id IN (SELECT session_id FROM p)),
    d AS (
      SELECT s.organization_id, s.farm_block_id, s.day, sum((now.n > 0)::int - (now.n - p.net > 0)::int)::int AS points
      FROM p JOIN s ON s.id = p.session_id
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM scouting_observations o WHERE o.session_id = p.session_id AND o.point_number = p.point_number) now
      GROUP BY 1, 2, 3)
    INSERT INTO scouting_day_totals AS t (organization_id, farm_block_id, day, sessions, points)
    SELECT organization_id, farm_block_id, day, 0, points FROM d WHERE points <> 0
    ORDER BY organization_id, day, farm_block_id
    ON CONFLICT (organization_id, day, farm_block_id) DO UPDATE SET points = t.points + excluded.points
  $sql$, source);
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE FUNCTION scouting_sessions_truncate_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE scouting_day_totals, scouting_pest_day_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION scouting_observations_truncate_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE scouting_pest_day_totals;
  UPDATE scouting_day_totals SET points = 0 WHERE points <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Recounts the highest count of the given trap_day_totals keys (after inspections left them: a
-- maximum cannot be taken back). A later statement than the one that changed the rows, which it
-- locked: it sees every concurrent writer of those keys that committed first, and those that come
-- after take the greater of theirs and this.
CREATE FUNCTION trap_recount_max(orgs integer[], blocks integer[], trap_types text[], lures text[], days date[]) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE trap_day_totals t SET max_count = m.max_count
  FROM (
    SELECT k.org, k.block, k.trap_type, k.lure, k.day, max(i.count)::int AS max_count
    FROM (SELECT DISTINCT * FROM unnest(orgs, blocks, trap_types, lures, days) AS u(org, block, trap_type, lure, day)) k
    JOIN traps tr ON tr.farm_block_id = k.block AND tr.trap_type = k.trap_type AND tr.lure = k.lure AND tr.organization_id = k.org
    JOIN trap_inspections i ON i.trap_id = tr.id AND i.inspected_on = k.day AND i.organization_id = k.org
    GROUP BY 1, 2, 3, 4, 5
  ) m
  WHERE t.organization_id = m.org AND t.day = m.day AND t.farm_block_id = m.block AND t.trap_type = m.trap_type AND t.lure = m.lure
    AND t.max_count <> m.max_count;
END;
$fn$;
--> statement-breakpoint
-- Recounts trap_latest_inspections of the given traps (their newest inspection of their organisation).
CREATE FUNCTION trap_recount_latest(trap_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM trap_latest_inspections WHERE trap_id = ANY (trap_ids);
  INSERT INTO trap_latest_inspections AS t (trap_id, organization_id, farm_block_id, trap_type, lure, inspection_id, inspected_on, count)
  SELECT DISTINCT ON (i.trap_id) i.trap_id, i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.id, i.inspected_on, i.count
  FROM trap_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id
  WHERE i.trap_id = ANY (trap_ids)
  ORDER BY i.trap_id, i.inspected_on DESC, i.id DESC
  ON CONFLICT (trap_id) DO UPDATE
  SET organization_id = excluded.organization_id, farm_block_id = excluded.farm_block_id, trap_type = excluded.trap_type, lure = excluded.lure,
    inspection_id = excluded.inspection_id, inspected_on = excluded.inspected_on, count = excluded.count
  WHERE (excluded.inspected_on, excluded.inspection_id) > (t.inspected_on, t.inspection_id);
END;
$fn$;
--> statement-breakpoint
-- One statement's change of trap_inspections (an inspection counts for its trap's block, type and
-- lure when it belongs to the trap's organisation). Per key, the inspections that arrived add 1 and
-- their count, those that left take them off; the highest count takes the arrivals' and is
-- recounted where an inspection left. Each trap's newest inspection follows the arrivals, and is
-- recounted for the traps an inspection left.
CREATE FUNCTION trap_inspections_maintain_totals() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  arrived constant text := 'SELECT i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.inspected_on AS day, 1 AS n, i.count AS total, i.count AS arrived_max, false AS departed
    FROM new_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id';
  departed constant text := 'SELECT i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.inspected_on AS day, -1 AS n, -i.count AS total, NULL::int AS arrived_max, true AS departed
    FROM old_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id';
  source text;
  orgs integer[];
  blocks integer[];
  trap_types text[];
  lures text[];
  days date[];
  trap_ids integer[];
BEGIN
  source := CASE TG_OP WHEN 'INSERT' THEN arrived WHEN 'DELETE' THEN departed ELSE arrived || ' UNION ALL ' || departed END;
  EXECUTE format($sql$
    WITH d AS (
      SELECT organization_id, farm_block_id, trap_type, lure, day, sum(n)::int AS inspections, sum(total)::int AS total_count, max(arrived_max) AS max_count
      FROM (%s) c
      GROUP BY 1, 2, 3, 4, 5),
    emptied AS (
      DELETE FROM trap_day_totals t USING d
      WHERE t.organization_id = d.organization_id AND t.day = d.day AND t.farm_block_id = d.farm_block_id AND t.trap_type = d.trap_type AND t.lure = d.lure
        AND t.inspections + d.inspections = 0
      RETURNING t.organization_id, t.day, t.farm_block_id, t.trap_type, t.lure),
    updated AS (
      UPDATE trap_day_totals t
      SET inspections = t.inspections + d.inspections, total_count = t.total_count + d.total_count, max_count = greatest(t.max_count, d.max_count)
      FROM d
      WHERE t.organization_id = d.organization_id AND t.day = d.day AND t.farm_block_id = d.farm_block_id AND t.trap_type = d.trap_type AND t.lure = d.lure
        AND t.inspections + d.inspections <> 0
      RETURNING t.organization_id, t.day, t.farm_block_id, t.trap_type, t.lure),
    touched AS (SELECT * FROM emptied UNION ALL SELECT * FROM updated)
    INSERT INTO trap_day_totals AS t (organization_id, farm_block_id, trap_type, lure, day, inspections, total_count, max_count)
    SELECT d.organization_id, d.farm_block_id, d.trap_type, d.lure, d.day, d.inspections, d.total_count, d.max_count
    FROM d
    WHERE d.inspections > 0 AND d.total_count >= 0 AND d.max_count IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM touched u
        WHERE u.organization_id = d.organization_id AND u.day = d.day AND u.farm_block_id = d.farm_block_id AND u.trap_type = d.trap_type AND u.lure = d.lure)
    ORDER BY d.organization_id, d.day, d.farm_block_id, d.trap_type, d.lure
    ON CONFLICT (organization_id, day, farm_block_id, trap_type, lure) DO UPDATE
    SET inspections = t.inspections + excluded.inspections, total_count = t.total_count + excluded.total_count, max_count = greatest(t.max_count, excluded.max_count)
  $sql$, source);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO trap_latest_inspections AS t (trap_id, organization_id, farm_block_id, trap_type, lure, inspection_id, inspected_on, count)
    SELECT DISTINCT ON (i.trap_id) i.trap_id, i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.id, i.inspected_on, i.count
    FROM new_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id
    ORDER BY i.trap_id, i.inspected_on DESC, i.id DESC
    ON CONFLICT (trap_id) DO UPDATE
    SET organization_id = excluded.organization_id, farm_block_id = excluded.farm_block_id, trap_type = excluded.trap_type, lure = excluded.lure,
      inspection_id = excluded.inspection_id, inspected_on = excluded.inspected_on, count = excluded.count
    WHERE (excluded.inspected_on, excluded.inspection_id) > (t.inspected_on, t.inspection_id);
    RETURN NULL;
  END IF;
  SELECT array_agg(k.organization_id), array_agg(k.farm_block_id), array_agg(k.trap_type), array_agg(k.lure), array_agg(k.day)
  INTO orgs, blocks, trap_types, lures, days
  FROM (SELECT DISTINCT i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.inspected_on AS day
        FROM old_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id) k;
  IF orgs IS NOT NULL THEN
    PERFORM trap_recount_max(orgs, blocks, trap_types, lures, days);
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT trap_id) INTO trap_ids FROM old_inspections;
  ELSE
    SELECT array_agg(DISTINCT trap_id) INTO trap_ids FROM (SELECT trap_id FROM old_inspections UNION SELECT trap_id FROM new_inspections) u;
  END IF;
  IF trap_ids IS NOT NULL THEN
    PERFORM trap_recount_latest(trap_ids);
  END IF;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
-- A trap that moved (block, type, lure or organisation changed) takes its inspections' days along:
-- the days it left and entered are recounted, and its newest inspection row follows it.
CREATE FUNCTION traps_maintain_totals() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  moved integer[];
  orgs integer[];
  blocks integer[];
  trap_types text[];
  lures text[];
  days date[];
BEGIN
  SELECT array_agg(o.id) INTO moved
  FROM old_traps o JOIN new_traps n ON n.id = o.id
  WHERE (o.organization_id, o.farm_block_id, o.trap_type, o.lure) IS DISTINCT FROM (n.organization_id, n.farm_block_id, n.trap_type, n.lure);
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(k.organization_id), array_agg(k.farm_block_id), array_agg(k.trap_type), array_agg(k.lure), array_agg(k.day)
  INTO orgs, blocks, trap_types, lures, days
  FROM (
    SELECT DISTINCT i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.inspected_on AS day
    FROM trap_inspections i
    JOIN (SELECT id, organization_id, farm_block_id, trap_type, lure FROM old_traps WHERE id = ANY (moved)
          UNION ALL SELECT id, organization_id, farm_block_id, trap_type, lure FROM new_traps WHERE id = ANY (moved)) tr
      ON tr.id = i.trap_id AND tr.organization_id = i.organization_id
  ) k;
  IF orgs IS NOT NULL THEN
    DELETE FROM trap_day_totals t USING unnest(orgs, blocks, trap_types, lures, days) AS k(org, block, trap_type, lure, day)
    WHERE t.organization_id = k.org AND t.day = k.day AND t.farm_block_id = k.block AND t.trap_type = k.trap_type AND t.lure = k.lure;
    INSERT INTO trap_day_totals AS t (organization_id, farm_block_id, trap_type, lure, day, inspections, total_count, max_count)
    SELECT k.org, k.block, k.trap_type, k.lure, k.day, count(*)::int, sum(i.count)::int, max(i.count)::int
    FROM unnest(orgs, blocks, trap_types, lures, days) AS k(org, block, trap_type, lure, day)
    JOIN traps tr ON tr.farm_block_id = k.block AND tr.trap_type = k.trap_type AND tr.lure = k.lure AND tr.organization_id = k.org
    JOIN trap_inspections i ON i.trap_id = tr.id AND i.inspected_on = k.day AND i.organization_id = k.org
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 5, 2, 3, 4
    ON CONFLICT (organization_id, day, farm_block_id, trap_type, lure) DO UPDATE
    SET inspections = t.inspections + excluded.inspections, total_count = t.total_count + excluded.total_count, max_count = greatest(t.max_count, excluded.max_count);
  END IF;
  PERFORM trap_recount_latest(moved);
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE FUNCTION trap_inspections_truncate_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE trap_day_totals, trap_latest_inspections;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scouting_sessions_totals_insert AFTER INSERT ON scouting_sessions
  REFERENCING NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION scouting_sessions_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_sessions_totals_update AFTER UPDATE ON scouting_sessions
  REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION scouting_sessions_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_sessions_totals_delete AFTER DELETE ON scouting_sessions
  REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION scouting_sessions_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_sessions_totals_truncate AFTER TRUNCATE ON scouting_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION scouting_sessions_truncate_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_observations_totals_insert AFTER INSERT ON scouting_observations
  REFERENCING NEW TABLE AS new_observations FOR EACH STATEMENT EXECUTE FUNCTION scouting_observations_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_observations_totals_update AFTER UPDATE ON scouting_observations
  REFERENCING OLD TABLE AS old_observations NEW TABLE AS new_observations FOR EACH STATEMENT EXECUTE FUNCTION scouting_observations_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_observations_totals_delete AFTER DELETE ON scouting_observations
  REFERENCING OLD TABLE AS old_observations FOR EACH STATEMENT EXECUTE FUNCTION scouting_observations_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER scouting_observations_totals_truncate AFTER TRUNCATE ON scouting_observations
  FOR EACH STATEMENT EXECUTE FUNCTION scouting_observations_truncate_totals();
--> statement-breakpoint
CREATE TRIGGER trap_inspections_totals_insert AFTER INSERT ON trap_inspections
  REFERENCING NEW TABLE AS new_inspections FOR EACH STATEMENT EXECUTE FUNCTION trap_inspections_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER trap_inspections_totals_update AFTER UPDATE ON trap_inspections
  REFERENCING OLD TABLE AS old_inspections NEW TABLE AS new_inspections FOR EACH STATEMENT EXECUTE FUNCTION trap_inspections_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER trap_inspections_totals_delete AFTER DELETE ON trap_inspections
  REFERENCING OLD TABLE AS old_inspections FOR EACH STATEMENT EXECUTE FUNCTION trap_inspections_maintain_totals();
--> statement-breakpoint
CREATE TRIGGER trap_inspections_totals_truncate AFTER TRUNCATE ON trap_inspections
  FOR EACH STATEMENT EXECUTE FUNCTION trap_inspections_truncate_totals();
--> statement-breakpoint
CREATE TRIGGER traps_totals_update AFTER UPDATE ON traps
  REFERENCING OLD TABLE AS old_traps NEW TABLE AS new_traps FOR EACH STATEMENT EXECUTE FUNCTION traps_maintain_totals();
--> statement-breakpoint
-- fired in replica mode too: the demo seed writes its readings with session_replication_role = replica
ALTER TABLE scouting_sessions ENABLE ALWAYS TRIGGER scouting_sessions_totals_insert;
--> statement-breakpoint
ALTER TABLE scouting_sessions ENABLE ALWAYS TRIGGER scouting_sessions_totals_update;
--> statement-breakpoint
ALTER TABLE scouting_sessions ENABLE ALWAYS TRIGGER scouting_sessions_totals_delete;
--> statement-breakpoint
ALTER TABLE scouting_sessions ENABLE ALWAYS TRIGGER scouting_sessions_totals_truncate;
--> statement-breakpoint
ALTER TABLE scouting_observations ENABLE ALWAYS TRIGGER scouting_observations_totals_insert;
--> statement-breakpoint
ALTER TABLE scouting_observations ENABLE ALWAYS TRIGGER scouting_observations_totals_update;
--> statement-breakpoint
ALTER TABLE scouting_observations ENABLE ALWAYS TRIGGER scouting_observations_totals_delete;
--> statement-breakpoint
ALTER TABLE scouting_observations ENABLE ALWAYS TRIGGER scouting_observations_totals_truncate;
--> statement-breakpoint
ALTER TABLE trap_inspections ENABLE ALWAYS TRIGGER trap_inspections_totals_insert;
--> statement-breakpoint
ALTER TABLE trap_inspections ENABLE ALWAYS TRIGGER trap_inspections_totals_update;
--> statement-breakpoint
ALTER TABLE trap_inspections ENABLE ALWAYS TRIGGER trap_inspections_totals_delete;
--> statement-breakpoint
ALTER TABLE trap_inspections ENABLE ALWAYS TRIGGER trap_inspections_totals_truncate;
--> statement-breakpoint
ALTER TABLE traps ENABLE ALWAYS TRIGGER traps_totals_update;
--> statement-breakpoint
-- the readings already recorded
INSERT INTO scouting_day_totals (organization_id, farm_block_id, day, sessions, points, last_started_at, last_session_id)
SELECT s.organization_id, s.farm_block_id, pest_local_day(s.started_at), count(*)::int, coalesce(sum(p.points), 0)::int,
  (array_agg(s.started_at ORDER BY s.started_at DESC, s.id DESC))[1], (array_agg(s.id ORDER BY s.started_at DESC, s.id DESC))[1]
FROM scouting_sessions s
LEFT JOIN (SELECT session_id, count(DISTINCT point_number)::int AS points FROM scouting_observations GROUP BY session_id) p ON p.session_id = s.id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO scouting_pest_day_totals (organization_id, farm_block_id, day, pest, observations, infested)
SELECT s.organization_id, s.farm_block_id, pest_local_day(s.started_at), o.pest, count(*)::int,
  (count(*) FILTER (WHERE coalesce(o.count > 0, o.present, false)))::int
FROM scouting_observations o JOIN scouting_sessions s ON s.id = o.session_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO trap_day_totals (organization_id, farm_block_id, trap_type, lure, day, inspections, total_count, max_count)
SELECT i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.inspected_on, count(*)::int, sum(i.count)::int, max(i.count)::int
FROM trap_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO trap_latest_inspections (trap_id, organization_id, farm_block_id, trap_type, lure, inspection_id, inspected_on, count)
SELECT DISTINCT ON (i.trap_id) i.trap_id, i.organization_id, tr.farm_block_id, tr.trap_type, tr.lure, i.id, i.inspected_on, i.count
FROM trap_inspections i JOIN traps tr ON tr.id = i.trap_id AND tr.organization_id = i.organization_id
ORDER BY i.trap_id, i.inspected_on DESC, i.id DESC;
