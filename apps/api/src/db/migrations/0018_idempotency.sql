ALTER TABLE "scans" ADD COLUMN "request_hash" text;
