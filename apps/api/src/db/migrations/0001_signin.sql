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
ALTER TABLE "mass_action_errors" ADD CONSTRAINT "mass_action_errors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_action_errors" ADD CONSTRAINT "mass_action_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_codes_entity_idx" ON "attendance_codes" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "user_attendance_modes_mode_idx" ON "user_attendance_modes" USING btree ("entity_id","attendance_mode_id");--> statement-breakpoint
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
CREATE INDEX "scans_visit_idx" ON "scans" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "scans_entity_user_at_idx" ON "scans" USING btree ("entity_id","user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_entity_idempotency_uq" ON "scans" USING btree ("entity_id","idempotency_key") WHERE "scans"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "visits_signed_in_at_idx" ON "visits" USING btree ("signed_in_at") WHERE "visits"."status" = 'signed_in';--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_modes_entity_name_uq" ON "attendance_modes" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reasons_mode_name_uq" ON "reasons" USING btree ("attendance_mode_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scans_entity_at_idx" ON "scans" USING btree ("entity_id","at","direction","user_id");