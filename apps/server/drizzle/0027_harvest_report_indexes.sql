-- The organisation's latest season (harvest_latest_season) reads its estimates by organisation.
CREATE INDEX "yield_estimates_org_season_idx" ON "yield_estimates" USING btree ("organization_id","season");
--> statement-breakpoint
-- The week totals' two secondary indexes carry the columns the harvest reports add up, so a report
-- reads its organisation's rows (season, organization_id) or a packhouse's rows (packhouse_id,
-- season) from the index alone (an index-only scan), not from rows spread over the whole table.
-- Key columns unchanged (the schema declares them); the INCLUDE columns live here.
DROP INDEX "bin_week_totals_packhouse_idx";
--> statement-breakpoint
CREATE INDEX "bin_week_totals_packhouse_idx" ON "bin_week_totals" USING btree ("packhouse_id","season","variety_id")
  INCLUDE ("organization_id","production_block_id","not_tipped","tipped","tipped_kgs");
--> statement-breakpoint
DROP INDEX "bin_week_totals_season_idx";
--> statement-breakpoint
CREATE INDEX "bin_week_totals_season_idx" ON "bin_week_totals" USING btree ("season","organization_id")
  INCLUDE ("variety_id","production_block_id","not_tipped","tipped","tipped_kgs");
--> statement-breakpoint
-- The latest season with harvest activity an organisation can see, from index probes: the newest
-- season of its estimates, of the bins of each of its production blocks (primary key organization,
-- block, season) and of the bins at each packhouse it owns (packhouse_id, season); not a read of
-- every week total of the organisation or of its packhouses (an organisation without bins of its
-- own made PostgreSQL walk the whole season index).
CREATE OR REPLACE FUNCTION harvest_latest_season(org integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT max(s)::integer FROM (
      SELECT max(ye.season) AS s FROM yield_estimates ye WHERE ye.organization_id = org
      UNION ALL
      SELECT (SELECT max(t.season) FROM bin_week_totals t WHERE t.organization_id = org AND t.production_block_id = pb.id)
        FROM production_blocks pb WHERE pb.organization_id = org
      UNION ALL
      SELECT (SELECT max(t.season) FROM bin_week_totals t WHERE t.packhouse_id = p.id) FROM packhouses p
        WHERE p.owner_organization_id = org
    ) seasons
  );
END;
$$;
