CREATE TABLE "compliance_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"compliance_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"agreement_text" text NOT NULL,
	"statement" text NOT NULL,
	"protocols" jsonb NOT NULL,
	"accept_negative_pcr" boolean DEFAULT false NOT NULL,
	"pcr_valid_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_sites" (
	"entity_id" integer NOT NULL,
	"journey_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "journey_sites_journey_id_site_id_pk" PRIMARY KEY("journey_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"verified" boolean NOT NULL,
	"holder_name" text,
	"date_of_birth" text,
	"date_taken" text,
	"expiry_date" text,
	"metadata" jsonb NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_links_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "compliance_trust_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_trust_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"key_id" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"compliance_id" integer NOT NULL,
	"compliance_version_id" integer NOT NULL,
	"visit_id" integer,
	"scan_id" integer,
	"area_id" integer,
	"user_type_id" integer,
	"answers" jsonb NOT NULL,
	"notes" text,
	"mask_failed" boolean DEFAULT false NOT NULL,
	"temperature" double precision,
	"temperature_failed" boolean DEFAULT false NOT NULL,
	"is_wrong" boolean NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'console' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliances" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "input_method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "temperature_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "mask_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "compliance_id" integer;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "compliance_frequency" text DEFAULT 'everytime' NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "send_before_visit_minutes" integer;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "reminder_interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "section_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "print_badge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "door_relay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "wiegand_output" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "facial_recognition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "rfid_scan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "host_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "allow_no_host" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "host_user_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "notification_emails" text;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD COLUMN "attendance_mode_id" integer;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "touch_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "quickpass_user_type_id" integer;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "instruction_screen" text;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "shown_user_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "covid_column_name" text;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "name_matching" text DEFAULT 'quick' NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "attendance_mode_id" integer;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "print_badge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "door_relay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "wiegand_output" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "facial_recognition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "rfid_scan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "temperature_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "temperature_threshold" double precision;--> statement-breakpoint
ALTER TABLE "journeys" ADD COLUMN "mask_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD CONSTRAINT "compliance_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD CONSTRAINT "compliance_versions_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_certificates" ADD CONSTRAINT "compliance_certificates_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_certificates" ADD CONSTRAINT "compliance_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_links" ADD CONSTRAINT "compliance_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_links" ADD CONSTRAINT "compliance_links_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_links" ADD CONSTRAINT "compliance_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_trust_keys" ADD CONSTRAINT "compliance_trust_keys_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_compliance_version_id_compliance_versions_id_fk" FOREIGN KEY ("compliance_version_id") REFERENCES "public"."compliance_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_users" ADD CONSTRAINT "compliance_users_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_versions_uq" ON "compliance_versions" USING btree ("compliance_id","version");--> statement-breakpoint
CREATE INDEX "compliance_versions_entity_idx" ON "compliance_versions" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "journey_sites_entity_site_idx" ON "journey_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE INDEX "compliance_certificates_entity_user_idx" ON "compliance_certificates" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "compliance_links_entity_visit_idx" ON "compliance_links" USING btree ("entity_id","visit_id");--> statement-breakpoint
CREATE INDEX "compliance_trust_keys_entity_idx" ON "compliance_trust_keys" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "compliance_users_entity_user_idx" ON "compliance_users" USING btree ("entity_id","user_id","compliance_id");--> statement-breakpoint
CREATE INDEX "compliance_users_entity_visit_idx" ON "compliance_users" USING btree ("entity_id","visit_id");--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_quickpass_user_type_id_user_types_id_fk" FOREIGN KEY ("quickpass_user_type_id") REFERENCES "public"."user_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE set null ON UPDATE no action;