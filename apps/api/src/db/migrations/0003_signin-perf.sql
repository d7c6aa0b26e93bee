DROP INDEX "scans_entity_user_at_idx";--> statement-breakpoint
DROP INDEX "visits_entity_status_idx";--> statement-breakpoint
CREATE INDEX "scans_user_idx" ON "scans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "visits_entity_status_user_idx" ON "visits" USING btree ("entity_id","status","user_id");