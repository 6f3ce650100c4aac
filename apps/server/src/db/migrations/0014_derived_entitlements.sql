ALTER TABLE "workspaces" DROP COLUMN "team_analytics_dashboard";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "manage_user_roles";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "transfer_ownership";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "share_unsubscribes";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "share_bounces";