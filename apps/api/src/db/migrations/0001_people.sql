CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
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
ALTER TABLE "users" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "face_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfid_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rfid_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quick_pass_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(id_number, ''))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
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
CREATE UNIQUE INDEX "users_entity_rfid_uq" ON "users" USING btree ("entity_id","rfid") WHERE "users"."rfid" is not null;--> statement-breakpoint
CREATE INDEX "users_entity_status_name_idx" ON "users" USING btree ("entity_id","status","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_type_idx" ON "users" USING btree ("entity_id","status","user_type_id","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_created_idx" ON "users" USING btree ("entity_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_email_idx" ON "users" USING btree ("entity_id","status","email","id");--> statement-breakpoint
CREATE INDEX "users_entity_status_last_idx" ON "users" USING btree ("entity_id","status","last_name","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_entity_name_uq" ON "user_types" USING btree ("entity_id",lower("name"));