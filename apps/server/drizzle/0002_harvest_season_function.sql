-- The latest season with harvest activity an organisation can see: its own estimates and bins, and
-- bins delivered to packhouses it owns; null when there is none. PL/pgSQL so that each connection
-- plans these lookups once instead of on every report request.
CREATE OR REPLACE FUNCTION harvest_latest_season(org integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT max(s)::integer FROM (
      SELECT max(ye.season) AS s FROM yield_estimates ye WHERE ye.organization_id = org
      UNION ALL
      SELECT extract(year FROM max(fb.received_date))::integer FROM fruit_bins fb WHERE fb.organization_id = org
      UNION ALL
      SELECT max(l.season) FROM packhouses p
        CROSS JOIN varieties v
        CROSS JOIN LATERAL (
          SELECT fb.season FROM fruit_bins fb
          WHERE fb.packhouse_id = p.id AND fb.variety_id = v.id
          ORDER BY fb.season DESC LIMIT 1
        ) l
        WHERE p.owner_organization_id = org
    ) seasons
  );
END;
$$;
