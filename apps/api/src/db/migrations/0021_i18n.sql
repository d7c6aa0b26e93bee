ALTER TABLE "user_types" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD COLUMN "agreement_text_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_versions" ADD COLUMN "statement_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "name_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "options_i18n" jsonb DEFAULT '[]'::jsonb NOT NULL;