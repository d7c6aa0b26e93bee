CREATE TABLE "area_document_types" (
	"entity_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	CONSTRAINT "area_document_types_area_id_document_type_id_pk" PRIMARY KEY("area_id","document_type_id")
);
--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "area_document_types" ADD CONSTRAINT "area_document_types_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_document_types" ADD CONSTRAINT "area_document_types_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_document_types" ADD CONSTRAINT "area_document_types_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosks_connected_online_until_idx" ON "kiosks" USING btree ("online_until") WHERE "kiosks"."connected";