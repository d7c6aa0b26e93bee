CREATE TABLE "duplicate_name_pairs" (
	"entity_id" integer NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"score" real NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_name_pairs_user_a_user_b_pk" PRIMARY KEY("user_a","user_b")
);
--> statement-breakpoint
CREATE TABLE "duplicate_name_queue" (
	"entity_id" integer NOT NULL,
	"user_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dup_name_key" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(lower(first_name || ' ' || last_name), '\Y[aeiouy]+', '', 'g'), '(.)\1+', '\1', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "duplicate_name_pairs" ADD CONSTRAINT "duplicate_name_pairs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_name_pairs" ADD CONSTRAINT "duplicate_name_pairs_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_name_pairs" ADD CONSTRAINT "duplicate_name_pairs_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_name_queue" ADD CONSTRAINT "duplicate_name_queue_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_name_queue" ADD CONSTRAINT "duplicate_name_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_name_pairs_board_idx" ON "duplicate_name_pairs" USING btree ("entity_id","score" DESC NULLS LAST,"user_a","user_b");--> statement-breakpoint
CREATE INDEX "duplicate_name_pairs_user_b_idx" ON "duplicate_name_pairs" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "duplicate_name_queue_entity_idx" ON "duplicate_name_queue" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "users_dup_name_key_trgm_idx" ON "users" USING gin ("dup_name_key" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "queue_duplicate_names"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  -- A renamed or archived person's pairs go at once; the queue finds the renamed one's new pairs.
  if tg_op = 'UPDATE' then
    delete from duplicate_name_pairs where user_a = new.id or user_b = new.id;
  end if;
  insert into duplicate_name_queue (entity_id, user_id) values (new.entity_id, new.id) on conflict (user_id) do nothing;
  return null;
end $$;--> statement-breakpoint
CREATE TRIGGER "users_added_queue_duplicate_names" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "queue_duplicate_names"();--> statement-breakpoint
CREATE TRIGGER "users_renamed_queue_duplicate_names" AFTER UPDATE OF "first_name", "last_name", "status" ON "users" FOR EACH ROW
  WHEN (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name or old.status is distinct from new.status)
  EXECUTE FUNCTION "queue_duplicate_names"();--> statement-breakpoint
INSERT INTO "duplicate_name_queue" ("entity_id", "user_id") SELECT "entity_id", "id" FROM "users" WHERE "status" = 'active';
--> statement-breakpoint
CREATE FUNCTION "duplicate_name_neighbours"(p_name text, p_skeleton text) RETURNS TABLE (id int, score real)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off SET pg_trgm.similarity_threshold = 0.6 AS $$
  -- The active people of the caller's organisation (app.entity_id, the tenant transaction's) whose name or skeleton is
  -- similar, each from its trigram index: as the owner, no row-level policy offers the planner the (entity, …) btree
  -- indexes, which it otherwise preferred (every person of the organisation, compared one by one).
  select o.id, greatest(similarity(p_name, lower(o.first_name || ' ' || o.last_name)), similarity(p_skeleton, o.dup_name_key))
  from (select u.id, u.entity_id, u.status, u.first_name, u.last_name, u.dup_name_key from users u where lower(u.first_name || ' ' || u.last_name) % p_name
        union select u.id, u.entity_id, u.status, u.first_name, u.last_name, u.dup_name_key from users u where u.dup_name_key % p_skeleton) o
  where o.entity_id + 0 = nullif(current_setting('app.entity_id', true), '')::int and o.status = 'active'
$$;
