CREATE TABLE "user_name_pairs" (
	"entity_id" integer NOT NULL,
	"a" integer NOT NULL,
	"b" integer NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "user_name_pairs_a_b_pk" PRIMARY KEY("a","b")
);
--> statement-breakpoint
ALTER TABLE "user_name_pairs" ADD CONSTRAINT "user_name_pairs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_name_pairs" ADD CONSTRAINT "user_name_pairs_a_users_id_fk" FOREIGN KEY ("a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_name_pairs" ADD CONSTRAINT "user_name_pairs_b_users_id_fk" FOREIGN KEY ("b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_name_pairs_entity_score_idx" ON "user_name_pairs" USING btree ("entity_id","score" DESC NULLS LAST,"a","b");--> statement-breakpoint
CREATE INDEX "user_name_pairs_b_idx" ON "user_name_pairs" USING btree ("b");--> statement-breakpoint
-- A person added or renamed finds the people of the organisation whose names are at least 0.6 similar (pg_trgm,
-- through users_name_trgm_idx) and keeps the 20 most similar as pairs; the duplicates board reads the pairs by
-- index (issue 15 part 1). The threshold is the function's own setting, whatever the session's.
CREATE FUNCTION user_name_pairs_refresh() RETURNS trigger LANGUAGE plpgsql SET pg_trgm.similarity_threshold = 0.6 AS $$
DECLARE
  full_name text := lower(NEW.first_name || ' ' || NEW.last_name);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF full_name = lower(OLD.first_name || ' ' || OLD.last_name) THEN RETURN NULL; END IF;
    DELETE FROM user_name_pairs WHERE entity_id = NEW.entity_id AND (a = NEW.id OR b = NEW.id);
  END IF;
  INSERT INTO user_name_pairs (entity_id, a, b, score)
    SELECT NEW.entity_id, least(NEW.id, u.id), greatest(NEW.id, u.id), similarity(lower(u.first_name || ' ' || u.last_name), full_name)
    FROM users u
    WHERE u.entity_id = NEW.entity_id AND u.id <> NEW.id AND lower(u.first_name || ' ' || u.last_name) % full_name
    ORDER BY 4 DESC, u.id
    LIMIT 20
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_name_pairs AFTER INSERT OR UPDATE OF first_name, last_name ON users
  FOR EACH ROW EXECUTE FUNCTION user_name_pairs_refresh();--> statement-breakpoint
SET LOCAL pg_trgm.similarity_threshold = 0.6;--> statement-breakpoint
INSERT INTO user_name_pairs (entity_id, a, b, score)
  SELECT p.entity_id, least(p.id, m.id), greatest(p.id, m.id), m.score
  FROM users p
  CROSS JOIN LATERAL (
    SELECT u.id, similarity(lower(u.first_name || ' ' || u.last_name), lower(p.first_name || ' ' || p.last_name)) AS score
    FROM users u
    WHERE u.entity_id = p.entity_id AND u.id <> p.id AND lower(u.first_name || ' ' || u.last_name) % lower(p.first_name || ' ' || p.last_name)
    ORDER BY 2 DESC, u.id
    LIMIT 20
  ) m
ON CONFLICT DO NOTHING;
