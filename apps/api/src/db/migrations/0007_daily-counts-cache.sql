CREATE TABLE "daily_counts_cache" (
	"entity_id" integer NOT NULL,
	"scope" text NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"day_from" timestamp with time zone NOT NULL,
	"day_to" timestamp with time zone NOT NULL,
	"sign_ins" integer NOT NULL,
	"sign_outs" integer NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "daily_counts_cache_entity_id_scope_time_zone_day_pk" PRIMARY KEY("entity_id","scope","time_zone","day")
);
--> statement-breakpoint
ALTER TABLE "daily_counts_cache" ADD CONSTRAINT "daily_counts_cache_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_counts_cache_entity_to_idx" ON "daily_counts_cache" USING btree ("entity_id","day_to");--> statement-breakpoint
-- A scan written, moved or deleted inside a kept day makes that day's counts stale: its rows go. The shared
-- advisory lock (7001, entity) orders this against a reader keeping days (it holds the lock exclusively from
-- before its count until it commits), so a kept day never misses a scan committed meanwhile. Kept days ended at
-- least two hours ago, so a live sign-in (at within the last hour) cannot touch one and skips the function.
CREATE FUNCTION daily_counts_forget_scan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7001, NEW.entity_id);
  DELETE FROM daily_counts_cache WHERE entity_id = NEW.entity_id AND day_to > NEW.at AND day_from <= NEW.at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_daily_counts_insert AFTER INSERT ON scans FOR EACH ROW
  WHEN (NEW.at < now() - interval '1 hour') EXECUTE FUNCTION daily_counts_forget_scan();
--> statement-breakpoint
-- Changes and deletes go statement by statement (a merge moves a person's scans, a deleted organisation takes
-- millions): one lock per organisation and one delete per statement.
CREATE FUNCTION daily_counts_forget_changed_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7001, e) FROM (SELECT DISTINCT entity_id AS e FROM (SELECT entity_id FROM old_rows UNION ALL SELECT entity_id FROM new_rows) r ORDER BY 1) x;
  DELETE FROM daily_counts_cache c
    USING (SELECT entity_id, min(at) AS lo, max(at) AS hi FROM (SELECT entity_id, at FROM old_rows UNION ALL SELECT entity_id, at FROM new_rows) r GROUP BY entity_id) g
    WHERE c.entity_id = g.entity_id AND c.day_to > g.lo AND c.day_from <= g.hi;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_daily_counts_update AFTER UPDATE ON scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_forget_changed_scans();
--> statement-breakpoint
CREATE FUNCTION daily_counts_forget_deleted_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7001, e) FROM (SELECT DISTINCT entity_id AS e FROM old_rows ORDER BY 1) x;
  DELETE FROM daily_counts_cache c
    USING (SELECT entity_id, min(at) AS lo, max(at) AS hi FROM old_rows GROUP BY entity_id) g
    WHERE c.entity_id = g.entity_id AND c.day_to > g.lo AND c.day_from <= g.hi;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_daily_counts_delete AFTER DELETE ON scans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_forget_deleted_scans();
--> statement-breakpoint
-- An area moved to another site changes the counts of both sites (and of site-limited scopes) on every day.
CREATE FUNCTION daily_counts_forget_moved_area() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7001, NEW.entity_id);
  DELETE FROM daily_counts_cache WHERE entity_id = NEW.entity_id AND scope LIKE 'site%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER areas_daily_counts_move AFTER UPDATE OF site_id ON areas FOR EACH ROW
  WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id) EXECUTE FUNCTION daily_counts_forget_moved_area();
--> statement-breakpoint
-- Scans are vacuumed after 1% of new rows instead of 20% (an insert-only vacuum reads only the new pages): it
-- marks them all-visible, which keeps the logbook's and the daily counts' index-only scans of today off the table.
-- A setting of the table, so a PostgreSQL server applies it without a change to its configuration.
ALTER TABLE scans SET (autovacuum_vacuum_insert_scale_factor = 0.01);
