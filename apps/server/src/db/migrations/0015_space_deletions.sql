CREATE TABLE "space_deletions" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"deleted_by_user_id" uuid,
	"deleted_at" timestamp with time zone NOT NULL,
	"erase_at" timestamp with time zone NOT NULL,
	"subscription_ends_at" timestamp with time zone,
	"members" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "space_deletions" ADD CONSTRAINT "space_deletions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_deletions" ADD CONSTRAINT "space_deletions_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_deletions_erase_at_idx" ON "space_deletions" USING btree ("erase_at");