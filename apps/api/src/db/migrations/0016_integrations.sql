CREATE TABLE "integration_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"hash" text,
	"removed_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"code" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resume" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_scans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_scans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"scan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"date" text NOT NULL,
	"session" text NOT NULL,
	"attendance_code_id" integer,
	"minutes_late" integer,
	"writeback_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_temp_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_temp_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"state" text NOT NULL,
	"data" jsonb NOT NULL,
	"user_type_id" integer,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duplicate_of" integer,
	"run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"credentials" text NOT NULL,
	"token_at" timestamp with time zone,
	"sync_frequency" text DEFAULT 'daily' NOT NULL,
	"auto_sync" integer DEFAULT 0 NOT NULL,
	"site_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapped_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"migration_field" text,
	"scans_per_day" integer DEFAULT 1 NOT NULL,
	"sync_code" integer DEFAULT 0 NOT NULL,
	"migration_stage" text DEFAULT 'idle' NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "integration_groups" ADD CONSTRAINT "integration_groups_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_groups" ADD CONSTRAINT "integration_groups_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_people" ADD CONSTRAINT "integration_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_runs" ADD CONSTRAINT "integration_runs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_runs" ADD CONSTRAINT "integration_runs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_scans" ADD CONSTRAINT "integration_scans_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_scans" ADD CONSTRAINT "integration_scans_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_scans" ADD CONSTRAINT "integration_scans_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_scans" ADD CONSTRAINT "integration_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_scans" ADD CONSTRAINT "integration_scans_attendance_code_id_attendance_codes_id_fk" FOREIGN KEY ("attendance_code_id") REFERENCES "public"."attendance_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_temp_users" ADD CONSTRAINT "integration_temp_users_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_temp_users" ADD CONSTRAINT "integration_temp_users_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_temp_users" ADD CONSTRAINT "integration_temp_users_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_temp_users" ADD CONSTRAINT "integration_temp_users_duplicate_of_users_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_groups_uq" ON "integration_groups" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_people_uq" ON "integration_people" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE INDEX "integration_people_user_idx" ON "integration_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "integration_runs_integration_idx" ON "integration_runs" USING btree ("integration_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_scans_uq" ON "integration_scans" USING btree ("integration_id","scan_id");--> statement-breakpoint
CREATE INDEX "integration_scans_status_idx" ON "integration_scans" USING btree ("integration_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_temp_users_uq" ON "integration_temp_users" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE INDEX "integration_temp_users_state_idx" ON "integration_temp_users" USING btree ("integration_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_entity_name_uq" ON "integrations" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "integrations_next_sync_idx" ON "integrations" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_codes_integration_external_uq" ON "attendance_codes" USING btree ("integration_id","external_id") WHERE "attendance_codes"."external_id" is not null;