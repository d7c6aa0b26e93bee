CREATE TABLE "net2_visitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "net2_visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"net2_user_id" text,
	"state" text DEFAULT 'adding' NOT NULL,
	"access_level_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "visitor_access_levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "door_areas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "net2_visitors" ADD CONSTRAINT "net2_visitors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net2_visitors" ADD CONSTRAINT "net2_visitors_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "net2_visitors_uq" ON "net2_visitors" USING btree ("integration_id","visit_id");--> statement-breakpoint
CREATE INDEX "net2_visitors_visit_idx" ON "net2_visitors" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "net2_visitors_state_idx" ON "net2_visitors" USING btree ("state");