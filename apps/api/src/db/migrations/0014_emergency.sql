CREATE TABLE "emergency_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emergency_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"status" text,
	"muster_point_id" integer,
	"actor_user_id" integer,
	"actor_name" text,
	"source" text DEFAULT 'warden' NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "emergency_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emergency_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"channel" text NOT NULL,
	"sent_by" integer,
	"used_at" timestamp with time zone,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_people" (
	"entity_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"area_id" integer,
	"visit_id" integer,
	"user_type_id" integer,
	"host_user_id" integer,
	"presence" text DEFAULT 'on_site' NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"status" text DEFAULT 'unaccounted' NOT NULL,
	"status_at" timestamp with time zone,
	"status_by" integer,
	"status_by_name" text,
	"status_source" text,
	"muster_point_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_people_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_session_sites" (
	"entity_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "emergency_session_sites_session_id_site_id_pk" PRIMARY KEY("session_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emergency_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"drill" boolean DEFAULT false NOT NULL,
	"start_method" text DEFAULT 'manual' NOT NULL,
	"started_by" integer,
	"started_by_name" text NOT NULL,
	"started_by_email" text,
	"start_kiosk_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" integer,
	"ended_by_name" text,
	"ended_at" timestamp with time zone,
	"all_accounted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "muster_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "muster_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_sites" (
	"entity_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "announcement_sites_announcement_id_site_id_pk" PRIMARY KEY("announcement_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "announcement_user_types" (
	"entity_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"user_type_id" integer NOT NULL,
	CONSTRAINT "announcement_user_types_announcement_id_user_type_id_pk" PRIMARY KEY("announcement_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"text" text NOT NULL,
	"text_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"verbal" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_session_id_emergency_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."emergency_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_muster_point_id_muster_points_id_fk" FOREIGN KEY ("muster_point_id") REFERENCES "public"."muster_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_links" ADD CONSTRAINT "emergency_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_links" ADD CONSTRAINT "emergency_links_session_id_emergency_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."emergency_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_links" ADD CONSTRAINT "emergency_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_links" ADD CONSTRAINT "emergency_links_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_session_id_emergency_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."emergency_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_status_by_users_id_fk" FOREIGN KEY ("status_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_people" ADD CONSTRAINT "emergency_people_muster_point_id_muster_points_id_fk" FOREIGN KEY ("muster_point_id") REFERENCES "public"."muster_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_sites" ADD CONSTRAINT "emergency_session_sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_sites" ADD CONSTRAINT "emergency_session_sites_session_id_emergency_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."emergency_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_session_sites" ADD CONSTRAINT "emergency_session_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_sessions" ADD CONSTRAINT "emergency_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_sessions" ADD CONSTRAINT "emergency_sessions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_sessions" ADD CONSTRAINT "emergency_sessions_start_kiosk_id_kiosks_id_fk" FOREIGN KEY ("start_kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_sessions" ADD CONSTRAINT "emergency_sessions_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muster_points" ADD CONSTRAINT "muster_points_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muster_points" ADD CONSTRAINT "muster_points_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_sites" ADD CONSTRAINT "announcement_sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_sites" ADD CONSTRAINT "announcement_sites_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_sites" ADD CONSTRAINT "announcement_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_user_types" ADD CONSTRAINT "announcement_user_types_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_user_types" ADD CONSTRAINT "announcement_user_types_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_user_types" ADD CONSTRAINT "announcement_user_types_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_events_session_idx" ON "emergency_events" USING btree ("entity_id","session_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_events_idempotency_uq" ON "emergency_events" USING btree ("entity_id","idempotency_key") WHERE "emergency_events"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_links_token_uq" ON "emergency_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "emergency_links_session_idx" ON "emergency_links" USING btree ("entity_id","session_id");--> statement-breakpoint
CREATE INDEX "emergency_people_open_idx" ON "emergency_people" USING btree ("session_id","presence","status");--> statement-breakpoint
CREATE INDEX "emergency_people_entity_idx" ON "emergency_people" USING btree ("entity_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_session_sites_active_uq" ON "emergency_session_sites" USING btree ("site_id") WHERE "emergency_session_sites"."active";--> statement-breakpoint
CREATE INDEX "emergency_session_sites_entity_site_idx" ON "emergency_session_sites" USING btree ("entity_id","site_id") WHERE "emergency_session_sites"."active";--> statement-breakpoint
CREATE INDEX "emergency_sessions_entity_idx" ON "emergency_sessions" USING btree ("entity_id","status","started_at");--> statement-breakpoint
CREATE INDEX "muster_points_site_idx" ON "muster_points" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE INDEX "announcements_entity_publish_idx" ON "announcements" USING btree ("entity_id","publish_at");--> statement-breakpoint
-- A session stays live (issue 17): whatever signs a person in or out (kiosk, console, mass action, auto sign-out,
-- archiving), the trigger moves them on the list of every active session covering the visit's site, in the same
-- transaction. Visits of sites without an active session cost one index probe of emergency_session_sites.
CREATE FUNCTION emergency_follow_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'signed_in' THEN
    INSERT INTO emergency_people AS p (entity_id, session_id, user_id, site_id, area_id, visit_id, user_type_id, host_user_id, presence, joined_at)
      SELECT NEW.entity_id, s.session_id, NEW.user_id, NEW.site_id, NEW.area_id, NEW.id, NEW.user_type_id, NEW.host_user_id, 'on_site', coalesce(NEW.signed_in_at, now())
      FROM emergency_session_sites s WHERE s.entity_id = NEW.entity_id AND s.site_id = NEW.site_id AND s.active
    ON CONFLICT (session_id, user_id) DO UPDATE SET presence = 'on_site', left_at = NULL, site_id = excluded.site_id,
      area_id = excluded.area_id, visit_id = excluded.visit_id, joined_at = coalesce(p.joined_at, excluded.joined_at), updated_at = now();
    IF FOUND THEN
      INSERT INTO emergency_events (entity_id, session_id, user_id, kind, source, at)
        SELECT NEW.entity_id, s.session_id, NEW.user_id, 'joined', 'system', coalesce(NEW.signed_in_at, now())
        FROM emergency_session_sites s WHERE s.entity_id = NEW.entity_id AND s.site_id = NEW.site_id AND s.active;
      UPDATE emergency_sessions e SET all_accounted_at = NULL, updated_at = now()
        FROM emergency_session_sites s WHERE s.entity_id = NEW.entity_id AND s.site_id = NEW.site_id AND s.active AND e.id = s.session_id;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'signed_in' THEN
    WITH moved AS (
      UPDATE emergency_people p SET presence = 'left', left_at = coalesce(NEW.signed_out_at, now()), updated_at = now()
        FROM emergency_session_sites s
        WHERE s.entity_id = NEW.entity_id AND s.site_id = OLD.site_id AND s.active AND p.session_id = s.session_id
          AND p.user_id = NEW.user_id AND p.visit_id = NEW.id AND p.presence = 'on_site'
        RETURNING p.session_id
    ), logged AS (
      INSERT INTO emergency_events (entity_id, session_id, user_id, kind, source, at)
        SELECT NEW.entity_id, m.session_id, NEW.user_id, 'left', 'system', coalesce(NEW.signed_out_at, now()) FROM moved m
    )
    UPDATE emergency_sessions e SET all_accounted_at = coalesce(e.all_accounted_at, now()), updated_at = now()
      FROM moved m WHERE e.id = m.session_id AND NOT EXISTS (
        SELECT 1 FROM emergency_people q WHERE q.session_id = m.session_id AND q.presence = 'on_site' AND q.status = 'unaccounted');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_emergency_insert AFTER INSERT ON visits FOR EACH ROW WHEN (NEW.status = 'signed_in') EXECUTE FUNCTION emergency_follow_visit();
--> statement-breakpoint
CREATE TRIGGER visits_emergency_update AFTER UPDATE OF status ON visits FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND (NEW.status = 'signed_in' OR OLD.status = 'signed_in')) EXECUTE FUNCTION emergency_follow_visit();
--> statement-breakpoint
-- Every change of a person on a live list is announced after commit (NOTIFY is delivered on commit only): each
-- API process listens and sends the changed rows to its own wardens' sockets. The people taken at the start are
-- not announced one by one (joined_at is null): the consoles load the list when the session starts.
CREATE FUNCTION emergency_notify_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('emergency_people', NEW.entity_id || ':' || NEW.session_id || ':' || NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER emergency_people_notify_insert AFTER INSERT ON emergency_people FOR EACH ROW WHEN (NEW.joined_at IS NOT NULL) EXECUTE FUNCTION emergency_notify_person();
--> statement-breakpoint
CREATE TRIGGER emergency_people_notify_update AFTER UPDATE ON emergency_people FOR EACH ROW EXECUTE FUNCTION emergency_notify_person();
