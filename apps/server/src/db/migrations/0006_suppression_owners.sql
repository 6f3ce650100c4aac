CREATE TABLE "suppression_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"list" text NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"owner_user_id" uuid,
	"deleted_by_user_id" uuid,
	"deleted_by_email" text NOT NULL,
	"entry_created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bounces_workspace_email_key";--> statement-breakpoint
DROP INDEX "unsubscriptions_workspace_email_key";--> statement-breakpoint
ALTER TABLE "bounces" ADD COLUMN "source" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "unsubscriptions" ADD COLUMN "source" text DEFAULT 'MANUAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppression_deletions" ADD CONSTRAINT "suppression_deletions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppression_deletions" ADD CONSTRAINT "suppression_deletions_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppression_deletions" ADD CONSTRAINT "suppression_deletions_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppression_deletions_workspace_email_idx" ON "suppression_deletions" USING btree ("workspace_id","email","deleted_at" DESC NULLS LAST);--> statement-breakpoint
-- Entries the add-on recorded had no owner: a recipient's link unsubscription and a reported bounce.
-- They become the recipient's opt-out (LINK) or the add-on's report (ADDON); personal ones go to the
-- space owner, the only sender who can be known now.
UPDATE "unsubscriptions" SET "source" = 'LINK' WHERE "user_id" IS NULL;--> statement-breakpoint
UPDATE "bounces" SET "source" = 'ADDON' WHERE "user_id" IS NULL;--> statement-breakpoint
UPDATE "unsubscriptions" AS u SET "user_id" = (SELECT m."user_id" FROM "workspace_members" m WHERE m."workspace_id" = u."workspace_id" AND m."role" = 'OWNER' LIMIT 1) WHERE u."type" = 'PERSONAL' AND u."user_id" IS NULL;--> statement-breakpoint
UPDATE "bounces" AS b SET "user_id" = (SELECT m."user_id" FROM "workspace_members" m WHERE m."workspace_id" = b."workspace_id" AND m."role" = 'OWNER' LIMIT 1) WHERE b."type" = 'PERSONAL' AND b."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bounces_workspace_shared_email_key" ON "bounces" USING btree ("workspace_id","email") WHERE type = 'WORKSPACE';--> statement-breakpoint
CREATE UNIQUE INDEX "bounces_workspace_personal_email_key" ON "bounces" USING btree ("workspace_id","user_id","email") WHERE type = 'PERSONAL';--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscriptions_workspace_shared_email_key" ON "unsubscriptions" USING btree ("workspace_id","email") WHERE type = 'WORKSPACE';--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscriptions_workspace_personal_email_key" ON "unsubscriptions" USING btree ("workspace_id","user_id","email") WHERE type = 'PERSONAL';