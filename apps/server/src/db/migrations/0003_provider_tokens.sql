ALTER TABLE "sessions" ADD COLUMN "provider_access_token" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_token_expires_at" timestamp with time zone;