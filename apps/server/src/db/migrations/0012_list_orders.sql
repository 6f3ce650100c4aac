DROP INDEX "bounces_workspace_created_idx";--> statement-breakpoint
DROP INDEX "bounces_workspace_updated_idx";--> statement-breakpoint
DROP INDEX "campaigns_workspace_last_update_idx";--> statement-breakpoint
DROP INDEX "unsubscriptions_workspace_created_idx";--> statement-breakpoint
DROP INDEX "unsubscriptions_workspace_updated_idx";--> statement-breakpoint
CREATE INDEX "bounces_workspace_email_idx" ON "bounces" USING btree ("workspace_id","email","id");--> statement-breakpoint
CREATE INDEX "unsubscriptions_workspace_email_idx" ON "unsubscriptions" USING btree ("workspace_id","email","id");--> statement-breakpoint
CREATE INDEX "bounces_workspace_created_idx" ON "bounces" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bounces_workspace_updated_idx" ON "bounces" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_last_update_idx" ON "campaigns" USING btree ("workspace_id","last_update_at","id");--> statement-breakpoint
CREATE INDEX "unsubscriptions_workspace_created_idx" ON "unsubscriptions" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "unsubscriptions_workspace_updated_idx" ON "unsubscriptions" USING btree ("workspace_id","updated_at","id");