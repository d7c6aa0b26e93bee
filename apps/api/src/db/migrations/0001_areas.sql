CREATE TABLE "area_compliances" (
	"entity_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"compliance_id" integer NOT NULL,
	CONSTRAINT "area_compliances_area_id_compliance_id_pk" PRIMARY KEY("area_id","compliance_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_mode_grants" (
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attendance_mode_id" integer NOT NULL,
	CONSTRAINT "attendance_mode_grants_user_id_attendance_mode_id_pk" PRIMARY KEY("user_id","attendance_mode_id")
);
--> statement-breakpoint
CREATE TABLE "journey_attendance_modes" (
	"entity_id" integer NOT NULL,
	"journey_id" integer NOT NULL,
	"attendance_mode_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "journey_attendance_modes_journey_id_attendance_mode_id_pk" PRIMARY KEY("journey_id","attendance_mode_id")
);
--> statement-breakpoint
CREATE TABLE "user_attendance_modes" (
	"entity_id" integer NOT NULL,
	"user_id" integer PRIMARY KEY NOT NULL,
	"attendance_mode_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"kiosk_id" integer,
	"type" text DEFAULT 'door' NOT NULL,
	"name" text NOT NULL,
	"io_port" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiosk_pairings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"pairing_code" text,
	"secret_hash" text NOT NULL,
	"claimed_entity" integer,
	"site_id" integer,
	"kiosk_id" integer,
	"device" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_request_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiosk_request_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiosk_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"kiosk_id" integer NOT NULL,
	"requested_by" integer,
	"user_name" text NOT NULL,
	"is_super_admin" integer DEFAULT 0 NOT NULL,
	"command" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_action_errors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mass_action_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	"actor_user_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "scans_entity_at_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "radius" double precision DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "zoom" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "geofencing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "fire_alarm" jsonb;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "login_mode" text DEFAULT 'sign_in_out' NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "remote_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "geofence" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "qr_code" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "mac_address" text;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "serial" text;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "app_version" text;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "local_sync_ip" text;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "local_sync_port" integer;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "device_token_hash" text;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "connected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "socket_id" text;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "deregistered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "reason_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "attendance_code_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "temperature" real;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "mask" boolean;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "kiosk_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "attendance_mode_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "late_sign_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "early_sign_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "sign_in_reason_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "sign_out_reason_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "attendance_code_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "temperature" real;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "mask" boolean;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "schedule_days" jsonb DEFAULT '[1,2,3,4,5]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "from_time" text NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "to_time" text NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "late_sign_in_grace" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "early_sign_out_grace" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "on_time_attendance_code_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "reasons" ADD COLUMN "presented_reason" text;--> statement-breakpoint
ALTER TABLE "reasons" ADD COLUMN "from_time" text NOT NULL;--> statement-breakpoint
ALTER TABLE "reasons" ADD COLUMN "to_time" text NOT NULL;--> statement-breakpoint
ALTER TABLE "reasons" ADD COLUMN "duration" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reasons" ADD COLUMN "attendance_code_id" integer;--> statement-breakpoint
ALTER TABLE "area_compliances" ADD CONSTRAINT "area_compliances_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_compliances" ADD CONSTRAINT "area_compliances_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_compliances" ADD CONSTRAINT "area_compliances_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mode_grants" ADD CONSTRAINT "attendance_mode_grants_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mode_grants" ADD CONSTRAINT "attendance_mode_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mode_grants" ADD CONSTRAINT "attendance_mode_grants_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_attendance_modes" ADD CONSTRAINT "journey_attendance_modes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_attendance_modes" ADD CONSTRAINT "journey_attendance_modes_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_attendance_modes" ADD CONSTRAINT "journey_attendance_modes_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attendance_modes" ADD CONSTRAINT "user_attendance_modes_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attendance_modes" ADD CONSTRAINT "user_attendance_modes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attendance_modes" ADD CONSTRAINT "user_attendance_modes_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_request_logs" ADD CONSTRAINT "kiosk_request_logs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_request_logs" ADD CONSTRAINT "kiosk_request_logs_request_id_kiosk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."kiosk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_action_errors" ADD CONSTRAINT "mass_action_errors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_action_errors" ADD CONSTRAINT "mass_action_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_codes_entity_idx" ON "attendance_codes" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "user_attendance_modes_mode_idx" ON "user_attendance_modes" USING btree ("entity_id","attendance_mode_id");--> statement-breakpoint
CREATE INDEX "devices_entity_area_idx" ON "devices" USING btree ("entity_id","area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairings_secret_uq" ON "kiosk_pairings" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_code_idx" ON "kiosk_pairings" USING btree ("pairing_code");--> statement-breakpoint
CREATE INDEX "kiosk_request_logs_request_idx" ON "kiosk_request_logs" USING btree ("entity_id","request_id");--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_kiosk_idx" ON "kiosk_requests" USING btree ("entity_id","kiosk_id");--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_user_idx" ON "kiosk_requests" USING btree ("entity_id","requested_by");--> statement-breakpoint
CREATE INDEX "mass_action_errors_entity_idx" ON "mass_action_errors" USING btree ("entity_id","created_at");--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_sign_in_reason_id_reasons_id_fk" FOREIGN KEY ("sign_in_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_sign_out_reason_id_reasons_id_fk" FOREIGN KEY ("sign_out_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD CONSTRAINT "attendance_modes_on_time_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("on_time_attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reasons" ADD CONSTRAINT "reasons_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_qr_code_uq" ON "areas" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_uq" ON "kiosks" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "scans_visit_idx" ON "scans" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "scans_entity_user_at_idx" ON "scans" USING btree ("entity_id","user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_entity_idempotency_uq" ON "scans" USING btree ("entity_id","idempotency_key") WHERE "scans"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "visits_signed_in_at_idx" ON "visits" USING btree ("signed_in_at") WHERE "visits"."status" = 'signed_in';--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_modes_entity_name_uq" ON "attendance_modes" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reasons_mode_name_uq" ON "reasons" USING btree ("attendance_mode_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scans_entity_at_idx" ON "scans" USING btree ("entity_id","at","direction","user_id");