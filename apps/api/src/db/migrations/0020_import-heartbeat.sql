ALTER TABLE "import_tasks" ADD COLUMN "run_by" integer;--> statement-breakpoint
ALTER TABLE "import_tasks" ADD COLUMN "heartbeat_at" timestamp with time zone;