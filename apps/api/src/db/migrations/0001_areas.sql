CREATE TABLE "area_compliances" (
	"entity_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"compliance_id" integer NOT NULL,
	CONSTRAINT "area_compliances_area_id_compliance_id_pk" PRIMARY KEY("area_id","compliance_id")
);
--> statement-breakpoint
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
CREATE TABLE "custom_field_values" (
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_values_user_id_custom_field_id_pk" PRIMARY KEY("user_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"display" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"binding" text,
	"badge_printable" boolean DEFAULT false NOT NULL,
	"fillable_by_user" boolean DEFAULT false NOT NULL,
	"required_at_pre_registration" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"data" jsonb NOT NULL,
	"photo" text,
	"result" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "import_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"document_type_id" integer,
	"type" text NOT NULL,
	"vaccine_name" text,
	"protocol" text,
	"batch_number" text,
	"date_taken" date,
	"start_date" date,
	"expiry_date" date,
	"pcr_result" text,
	"pcr_date" date,
	"first_name" text,
	"last_name" text,
	"date_of_birth" date,
	"notes" text,
	"file" text,
	"accept_negative_pcr" boolean DEFAULT false NOT NULL,
	"vaccine_status" text DEFAULT 'unchecked' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"action_by" integer,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_labels" (
	"entity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "user_labels_user_id_label_id_pk" PRIMARY KEY("user_id","label_id")
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
CREATE TABLE "pre_registration_hits" (
	"entity_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pre_registration_hits_entity_id_window_start_pk" PRIMARY KEY("entity_id","window_start")
);
--> statement-breakpoint
CREATE TABLE "pre_registration_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pre_registration_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"code" text NOT NULL,
	"journey_flow_id" integer NOT NULL,
	"area_id" integer,
	"user_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_image_required" boolean DEFAULT false NOT NULL,
	"is_qr_included" boolean DEFAULT true NOT NULL,
	"is_face_id_included" boolean DEFAULT false NOT NULL,
	"is_rfid_included" boolean DEFAULT false NOT NULL,
	"is_compliance_required" boolean DEFAULT false NOT NULL,
	"is_using_kiosk_screen" boolean DEFAULT false NOT NULL,
	"enable_switch_user_type" boolean DEFAULT false NOT NULL,
	"allow_not_select_host" boolean DEFAULT true NOT NULL,
	"host_user_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"host_note" text,
	"compliance_send_before_minutes" integer DEFAULT 1440 NOT NULL,
	"compliance_reminder_minutes" integer DEFAULT 240 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_registration_links_code_unique" UNIQUE("code")
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
ALTER TABLE "users" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "face_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfid_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfid_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quick_pass_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(id_number, ''))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "radius" double precision DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "zoom" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "geofencing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "fire_alarm" jsonb;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "registration_method" text DEFAULT 'allowed' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "grace_period" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "mandatory_data" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "profile_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "allow_switch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "allow_not_select_host" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "host_user_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "is_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "qr_token" text;--> statement-breakpoint
ALTER TABLE "user_types" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
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
ALTER TABLE "scans" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "reason_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "attendance_code_id" integer;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "temperature" real;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "mask" boolean;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "visit_date" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "visit_time" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "registration_method" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "journey_stage" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "approval_state" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "confirmation_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "link_nonce" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "approval_token_hash" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "passport_id" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "admin_notes" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "pre_registration_link_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "compliance_link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "created_by" integer;--> statement-breakpoint
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
ALTER TABLE "compliance_versions" ADD CONSTRAINT "compliance_versions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD CONSTRAINT "compliance_versions_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_sites" ADD CONSTRAINT "journey_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_custom_field_id_custom_fields_id_fk" FOREIGN KEY ("custom_field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_task_id_import_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."import_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD CONSTRAINT "import_tasks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_labels" ADD CONSTRAINT "user_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "pre_registration_hits" ADD CONSTRAINT "pre_registration_hits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_journey_flow_id_journey_flows_id_fk" FOREIGN KEY ("journey_flow_id") REFERENCES "public"."journey_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_action_errors" ADD CONSTRAINT "mass_action_errors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_action_errors" ADD CONSTRAINT "mass_action_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_versions_uq" ON "compliance_versions" USING btree ("compliance_id","version");--> statement-breakpoint
CREATE INDEX "compliance_versions_entity_idx" ON "compliance_versions" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "journey_sites_entity_site_idx" ON "journey_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE INDEX "attendance_codes_entity_idx" ON "attendance_codes" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "user_attendance_modes_mode_idx" ON "user_attendance_modes" USING btree ("entity_id","attendance_mode_id");--> statement-breakpoint
CREATE INDEX "devices_entity_area_idx" ON "devices" USING btree ("entity_id","area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairings_secret_uq" ON "kiosk_pairings" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_code_idx" ON "kiosk_pairings" USING btree ("pairing_code");--> statement-breakpoint
CREATE INDEX "kiosk_request_logs_request_idx" ON "kiosk_request_logs" USING btree ("entity_id","request_id");--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_kiosk_idx" ON "kiosk_requests" USING btree ("entity_id","kiosk_id");--> statement-breakpoint
CREATE INDEX "kiosk_requests_entity_user_idx" ON "kiosk_requests" USING btree ("entity_id","requested_by");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_entity_name_uq" ON "custom_fields" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_section_idx" ON "custom_fields" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_entity_name_uq" ON "departments" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_entity_key_uq" ON "document_types" USING btree ("entity_id","key");--> statement-breakpoint
CREATE INDEX "import_rows_task_idx" ON "import_rows" USING btree ("task_id","row_number");--> statement-breakpoint
CREATE INDEX "import_tasks_entity_idx" ON "import_tasks" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_entity_name_uq" ON "labels" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sections_entity_value_uq" ON "sections" USING btree ("entity_id",lower("value"));--> statement-breakpoint
CREATE INDEX "user_documents_entity_user_idx" ON "user_documents" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "user_labels_label_idx" ON "user_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "compliance_certificates_entity_user_idx" ON "compliance_certificates" USING btree ("entity_id","user_id");--> statement-breakpoint
CREATE INDEX "compliance_links_entity_visit_idx" ON "compliance_links" USING btree ("entity_id","visit_id");--> statement-breakpoint
CREATE INDEX "compliance_trust_keys_entity_idx" ON "compliance_trust_keys" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "compliance_users_entity_user_idx" ON "compliance_users" USING btree ("entity_id","user_id","compliance_id");--> statement-breakpoint
CREATE INDEX "compliance_users_entity_visit_idx" ON "compliance_users" USING btree ("entity_id","visit_id");--> statement-breakpoint
CREATE INDEX "pre_registration_links_entity_idx" ON "pre_registration_links" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "mass_action_errors_entity_idx" ON "mass_action_errors" USING btree ("entity_id","created_at");--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_compliance_id_compliances_id_fk" FOREIGN KEY ("compliance_id") REFERENCES "public"."compliances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_flows" ADD CONSTRAINT "journey_flows_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_quickpass_user_type_id_user_types_id_fk" FOREIGN KEY ("quickpass_user_type_id") REFERENCES "public"."user_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journeys" ADD CONSTRAINT "journeys_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_attendance_mode_id_attendance_modes_id_fk" FOREIGN KEY ("attendance_mode_id") REFERENCES "public"."attendance_modes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_sign_in_reason_id_reasons_id_fk" FOREIGN KEY ("sign_in_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_sign_out_reason_id_reasons_id_fk" FOREIGN KEY ("sign_out_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_modes" ADD CONSTRAINT "attendance_modes_on_time_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("on_time_attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reasons" ADD CONSTRAINT "reasons_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_entity_rfid_uq" ON "users" USING btree ("entity_id","rfid") WHERE "users"."rfid" is not null;--> statement-breakpoint
CREATE INDEX "users_entity_status_name_idx" ON "users" USING btree ("entity_id","status","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_type_idx" ON "users" USING btree ("entity_id","status","user_type_id","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_created_idx" ON "users" USING btree ("entity_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_email_idx" ON "users" USING btree ("entity_id","status","email","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_last_idx" ON "users" USING btree ("entity_id","status","last_name","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_entity_name_uq" ON "user_types" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "areas_qr_code_uq" ON "areas" USING btree ("qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_uq" ON "kiosks" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "scans_visit_idx" ON "scans" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "scans_entity_user_at_idx" ON "scans" USING btree ("entity_id","user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_entity_idempotency_uq" ON "scans" USING btree ("entity_id","idempotency_key") WHERE "scans"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "visits_entity_expected_idx" ON "visits" USING btree ("entity_id","expected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_link_token_uq" ON "visits" USING btree ("link_token_hash") WHERE "visits"."link_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_approval_token_uq" ON "visits" USING btree ("approval_token_hash") WHERE "visits"."approval_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "visits_signed_in_at_idx" ON "visits" USING btree ("signed_in_at") WHERE "visits"."status" = 'signed_in';--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_modes_entity_name_uq" ON "attendance_modes" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reasons_mode_name_uq" ON "reasons" USING btree ("attendance_mode_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scans_entity_at_idx" ON "scans" USING btree ("entity_id","at","direction","user_id");