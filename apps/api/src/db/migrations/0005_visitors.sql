ALTER TABLE "pre_registration_links" ALTER COLUMN "journey_flow_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "compliance_link_sends" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-edited (visitors): journey_id is added nullable, filled from the link's flow, then made NOT NULL, so that
-- existing links survive. A link that offered user types other than its flow's now offers the whole journey
-- (journey_flow_id null): its user types, registration methods, photo, host and entry-condition settings are
-- read from the journey's flows and user types from now on (docs/decisions.md).
ALTER TABLE "pre_registration_links" ADD COLUMN "journey_id" integer;--> statement-breakpoint
UPDATE "pre_registration_links" l SET "journey_id" = f."journey_id" FROM "journey_flows" f WHERE f."id" = l."journey_flow_id";--> statement-breakpoint
UPDATE "pre_registration_links" l SET "journey_flow_id" = NULL FROM "journey_flows" f
  WHERE f."id" = l."journey_flow_id"
    AND EXISTS (SELECT 1 FROM jsonb_array_elements(l."user_types") u WHERE (u->>'id')::int IS DISTINCT FROM f."user_type_id");--> statement-breakpoint
DELETE FROM "pre_registration_links" WHERE "journey_id" IS NULL;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ALTER COLUMN "journey_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_registration_links" ADD CONSTRAINT "pre_registration_links_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "user_types";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "is_image_required";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "is_qr_included";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "is_face_id_included";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "is_rfid_included";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "is_compliance_required";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "is_using_kiosk_screen";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "enable_switch_user_type";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "allow_not_select_host";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "host_user_type_ids";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "host_note";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "compliance_send_before_minutes";--> statement-breakpoint
ALTER TABLE "pre_registration_links" DROP COLUMN "compliance_reminder_minutes";
