CREATE TABLE "scan_day_counts" (
	"entity_id" integer NOT NULL,
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"user_type_id" integer,
	"method" text NOT NULL,
	"sign_ins" integer DEFAULT 0 NOT NULL,
	"sign_outs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_day_counts_key" UNIQUE NULLS NOT DISTINCT("entity_id","day","site_id","area_id","user_type_id","method")
);
--> statement-breakpoint
CREATE TABLE "scan_day_people" (
	"entity_id" integer NOT NULL,
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"user_type_id" integer,
	"method" text NOT NULL,
	"user_id" integer NOT NULL,
	"sign_ins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_day_people_key" UNIQUE NULLS NOT DISTINCT("entity_id","day","site_id","area_id","user_type_id","method","user_id")
);
--> statement-breakpoint
ALTER TABLE "scan_day_counts" ADD CONSTRAINT "scan_day_counts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_day_people" ADD CONSTRAINT "scan_day_people_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_entity_area_signed_in_idx" ON "visits" USING btree ("entity_id","area_id","signed_in_at");--> statement-breakpoint
CREATE INDEX "scan_day_people_person_idx" ON "scan_day_people" USING btree ("entity_id","user_id","day","site_id","area_id","user_type_id","method");--> statement-breakpoint
-- The visit summary's kept counts are maintained here, in the writing transaction (docs/decisions.md).
-- A scan counts on its site's local day under its person's user type now; scans without an area are not counted.
CREATE TYPE "scan_day_source" AS (sign int, entity_id int, user_id int, user_type_id int, area_id int, direction text, method text, at timestamptz);
--> statement-breakpoint
CREATE TYPE "scan_day_key" AS (entity_id int, day date, site_id int, area_id int, user_type_id int, method text, user_id int);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) scans; counts and people rows left at zero go.
CREATE FUNCTION scan_days_apply(src scan_day_source[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  zc scan_day_key[];
  zp scan_day_key[];
BEGIN
  IF cardinality(src) = 0 THEN RETURN; END IF;
  WITH d AS (
    SELECT x.entity_id, (x.at AT TIME ZONE s.timezone)::date AS day, s.id AS site_id, x.area_id, x.user_type_id, x.method, x.user_id,
           sum(CASE WHEN x.direction = 'in' THEN x.sign ELSE 0 END)::int AS ins,
           sum(CASE WHEN x.direction = 'out' THEN x.sign ELSE 0 END)::int AS outs
    FROM unnest(src) x JOIN areas a ON a.id = x.area_id JOIN sites s ON s.id = a.site_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ), c AS (
    INSERT INTO scan_day_counts AS c (entity_id, day, site_id, area_id, user_type_id, method, sign_ins, sign_outs)
    SELECT entity_id, day, site_id, area_id, user_type_id, method, sum(ins), sum(outs) FROM d
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(ins) <> 0 OR sum(outs) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT scan_day_counts_key DO UPDATE SET sign_ins = c.sign_ins + excluded.sign_ins, sign_outs = c.sign_outs + excluded.sign_outs
    RETURNING c.*
  ), p AS (
    INSERT INTO scan_day_people AS p (entity_id, day, site_id, area_id, user_type_id, method, user_id, sign_ins)
    SELECT entity_id, day, site_id, area_id, user_type_id, method, user_id, ins FROM d WHERE ins <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT scan_day_people_key DO UPDATE SET sign_ins = p.sign_ins + excluded.sign_ins
    RETURNING p.*
  )
  SELECT array(SELECT row(entity_id, day, site_id, area_id, user_type_id, method, null)::scan_day_key FROM c WHERE sign_ins <= 0 AND sign_outs <= 0),
         array(SELECT row(entity_id, day, site_id, area_id, user_type_id, method, user_id)::scan_day_key FROM p WHERE sign_ins <= 0)
  INTO zc, zp;
  IF cardinality(zc) > 0 THEN
    DELETE FROM scan_day_counts c USING unnest(zc) z
    WHERE c.entity_id = z.entity_id AND c.day = z.day AND c.site_id = z.site_id AND c.area_id = z.area_id
      AND c.user_type_id IS NOT DISTINCT FROM z.user_type_id AND c.method = z.method AND c.sign_ins <= 0 AND c.sign_outs <= 0;
  END IF;
  IF cardinality(zp) > 0 THEN
    DELETE FROM scan_day_people p USING unnest(zp) z
    WHERE p.entity_id = z.entity_id AND p.day = z.day AND p.site_id = z.site_id AND p.area_id = z.area_id
      AND p.user_type_id IS NOT DISTINCT FROM z.user_type_id AND p.method = z.method AND p.user_id = z.user_id AND p.sign_ins <= 0;
  END IF;
END $$;
--> statement-breakpoint
-- Scans written, edited or deleted (also by a cascade or the purge): one call per statement.
CREATE FUNCTION scan_days_on_scans() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM scan_days_apply(array(SELECT row(1, n.entity_id, n.user_id, u.user_type_id, n.area_id, n.direction, n.method, n.at)::scan_day_source
      FROM new_scans n JOIN users u ON u.id = n.user_id WHERE n.area_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    -- A person being deleted took their counts away before (scan_days_on_user_delete): their row is gone here.
    PERFORM scan_days_apply(array(SELECT row(-1, o.entity_id, o.user_id, u.user_type_id, o.area_id, o.direction, o.method, o.at)::scan_day_source
      FROM old_scans o JOIN users u ON u.id = o.user_id WHERE o.area_id IS NOT NULL));
  ELSE
    PERFORM scan_days_apply(array(
      SELECT row(-1, o.entity_id, o.user_id, u.user_type_id, o.area_id, o.direction, o.method, o.at)::scan_day_source
      FROM old_scans o JOIN users u ON u.id = o.user_id WHERE o.area_id IS NOT NULL
      UNION ALL
      SELECT row(1, n.entity_id, n.user_id, u.user_type_id, n.area_id, n.direction, n.method, n.at)::scan_day_source
      FROM new_scans n JOIN users u ON u.id = n.user_id WHERE n.area_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_days_insert AFTER INSERT ON scans REFERENCING NEW TABLE AS new_scans FOR EACH STATEMENT EXECUTE FUNCTION scan_days_on_scans();
--> statement-breakpoint
CREATE TRIGGER scan_days_update AFTER UPDATE ON scans REFERENCING OLD TABLE AS old_scans NEW TABLE AS new_scans FOR EACH STATEMENT EXECUTE FUNCTION scan_days_on_scans();
--> statement-breakpoint
CREATE TRIGGER scan_days_delete AFTER DELETE ON scans REFERENCING OLD TABLE AS old_scans FOR EACH STATEMENT EXECUTE FUNCTION scan_days_on_scans();
--> statement-breakpoint
-- A person's user type changed: their scans move to the new type.
CREATE FUNCTION scan_days_on_user_type() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM scan_days_apply(array(
    SELECT row(-1, s.entity_id, s.user_id, OLD.user_type_id, s.area_id, s.direction, s.method, s.at)::scan_day_source FROM scans s WHERE s.user_id = NEW.id AND s.area_id IS NOT NULL
    UNION ALL
    SELECT row(1, s.entity_id, s.user_id, NEW.user_type_id, s.area_id, s.direction, s.method, s.at)::scan_day_source FROM scans s WHERE s.user_id = NEW.id AND s.area_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_days_user_type AFTER UPDATE OF user_type_id ON users FOR EACH ROW WHEN (OLD.user_type_id IS DISTINCT FROM NEW.user_type_id) EXECUTE FUNCTION scan_days_on_user_type();
--> statement-breakpoint
-- A person deleted: their scans go by the cascade, after their row, so their counts go first.
CREATE FUNCTION scan_days_on_user_delete() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM scan_days_apply(array(
    SELECT row(-1, s.entity_id, s.user_id, OLD.user_type_id, s.area_id, s.direction, s.method, s.at)::scan_day_source FROM scans s WHERE s.user_id = OLD.id AND s.area_id IS NOT NULL));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_days_user_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION scan_days_on_user_delete();
--> statement-breakpoint
-- An area deleted (its scans keep no area and stop counting), moved to another site, or a site's time zone
-- changed: that area's or site's rows are dropped and, unless deleted, counted again from its scans.
CREATE FUNCTION scan_days_on_place() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_TABLE_NAME = 'sites' THEN
    DELETE FROM scan_day_counts WHERE site_id = OLD.id;
    DELETE FROM scan_day_people WHERE site_id = OLD.id;
  ELSE
    DELETE FROM scan_day_counts WHERE area_id = OLD.id;
    DELETE FROM scan_day_people WHERE area_id = OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  PERFORM scan_days_apply(array(
    SELECT row(1, s.entity_id, s.user_id, u.user_type_id, s.area_id, s.direction, s.method, s.at)::scan_day_source
    FROM scans s JOIN users u ON u.id = s.user_id JOIN areas a ON a.id = s.area_id
    WHERE CASE WHEN TG_TABLE_NAME = 'sites' THEN a.site_id = NEW.id ELSE a.id = NEW.id END));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_days_area_delete BEFORE DELETE ON areas FOR EACH ROW EXECUTE FUNCTION scan_days_on_place();
--> statement-breakpoint
CREATE TRIGGER scan_days_area_site AFTER UPDATE OF site_id ON areas FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id) EXECUTE FUNCTION scan_days_on_place();
--> statement-breakpoint
CREATE TRIGGER scan_days_site_delete BEFORE DELETE ON sites FOR EACH ROW EXECUTE FUNCTION scan_days_on_place();
--> statement-breakpoint
CREATE TRIGGER scan_days_site_timezone AFTER UPDATE OF timezone ON sites FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION scan_days_on_place();
--> statement-breakpoint
-- The scans already written.
INSERT INTO scan_day_counts (entity_id, day, site_id, area_id, user_type_id, method, sign_ins, sign_outs)
SELECT sc.entity_id, (sc.at AT TIME ZONE s.timezone)::date, s.id, sc.area_id, u.user_type_id, sc.method,
       count(*) FILTER (WHERE sc.direction = 'in'), count(*) FILTER (WHERE sc.direction = 'out')
FROM scans sc JOIN areas a ON a.id = sc.area_id JOIN sites s ON s.id = a.site_id JOIN users u ON u.id = sc.user_id
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO scan_day_people (entity_id, day, site_id, area_id, user_type_id, method, user_id, sign_ins)
SELECT sc.entity_id, (sc.at AT TIME ZONE s.timezone)::date, s.id, sc.area_id, u.user_type_id, sc.method, sc.user_id, count(*)
FROM scans sc JOIN areas a ON a.id = sc.area_id JOIN sites s ON s.id = a.site_id JOIN users u ON u.id = sc.user_id
WHERE sc.direction = 'in'
GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
ANALYZE scan_day_counts;
--> statement-breakpoint
ANALYZE scan_day_people;
