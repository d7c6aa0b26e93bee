CREATE TABLE "area_compliances" (
	"entity_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"compliance_id" integer NOT NULL,
	CONSTRAINT "area_compliances_area_id_compliance_id_pk" PRIMARY KEY("area_id","compliance_id")
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
ALTER TABLE "area_compliances" ADD CONSTRAINT "area_compliances_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_compliances" ADD CONSTRAINT "area_compliances_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_compliances" ADD CONSTRAINT "area_compliances_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_request_logs" ADD CONSTRAINT "kiosk_request_logs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_request_logs" ADD CONSTRAINT "kiosk_request_logs_request_id_kiosk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."kiosk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_requests" ADD CONSTRAINT "kiosk_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_entity_area_idx" ON "devices" USING btree ("entity_id","area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairings_secret_uq" ON "kiosk_pairings" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_code_idx" ON "kiosk_pairings" USING btree ("pairing_code");--> statement-breakpoint
CREATE INDEX "kiosk_request_logs_request_idx" ON "kiosk_request_logs" USING btree ("entity_id","request_id");--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_kiosk_idx" ON "kiosk_requests" USING btree ("entity_id","kiosk_id");--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_user_idx" ON "kiosk_requests" USING btree ("entity_id","requested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_qr_code_uq" ON "areas" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_uq" ON "kiosks" USING btree ("device_token_hash");