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
ALTER TABLE "pre_registration_hits" ADD CONSTRAINT "pre_registration_hits_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_journey_flow_id_journey_flows_id_fk" FOREIGN KEY ("journey_flow_id") REFERENCES "public"."journey_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_registration_links_entity_idx" ON "pre_registration_links" USING btree ("entity_id");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_entity_expected_idx" ON "visits" USING btree ("entity_id","expected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_link_token_uq" ON "visits" USING btree ("link_token_hash") WHERE "visits"."link_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_approval_token_uq" ON "visits" USING btree ("approval_token_hash") WHERE "visits"."approval_token_hash" is not null;