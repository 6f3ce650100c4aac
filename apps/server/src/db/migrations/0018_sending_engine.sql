CREATE TABLE "merge_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merge_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"is_gmail_address" boolean NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"gmail_message_id" text,
	"handed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid,
	"scheduled_campaign_id" uuid,
	"scheduled_campaign_key" uuid,
	"merge_source_sheet_key" text NOT NULL,
	"spreadsheet_name" text NOT NULL,
	"sheet_name" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"options" jsonb NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"run_lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"error" text,
	"error_tries" integer DEFAULT 0 NOT NULL,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_pace" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "merge_recipients" ADD CONSTRAINT "merge_recipients_merge_id_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_scheduled_campaign_id_scheduled_campaigns_id_fk" FOREIGN KEY ("scheduled_campaign_id") REFERENCES "public"."scheduled_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_pace" ADD CONSTRAINT "sender_pace_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merge_recipients_merge_index_key" ON "merge_recipients" USING btree ("merge_id","index");--> statement-breakpoint
CREATE INDEX "merge_recipients_queued_idx" ON "merge_recipients" USING btree ("merge_id","index") WHERE status = 'QUEUED';--> statement-breakpoint
CREATE INDEX "merge_recipients_ledger_idx" ON "merge_recipients" USING btree ("user_id","handed_at") WHERE status in ('SENDING', 'SENT');--> statement-breakpoint
CREATE INDEX "merge_recipients_gmail_sent_idx" ON "merge_recipients" USING btree ("workspace_id","handed_at") WHERE is_gmail_address and status in ('SENDING', 'SENT');--> statement-breakpoint
CREATE INDEX "merge_recipients_gmail_queued_idx" ON "merge_recipients" USING btree ("workspace_id") WHERE is_gmail_address and status = 'QUEUED';--> statement-breakpoint
CREATE INDEX "merge_recipients_sending_idx" ON "merge_recipients" USING btree ("handed_at") WHERE status = 'SENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "merges_campaign_key" ON "merges" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merges_scheduled_campaign_key" ON "merges" USING btree ("scheduled_campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merges_scheduled_campaign_key_key" ON "merges" USING btree ("scheduled_campaign_key");--> statement-breakpoint
CREATE INDEX "merges_user_idx" ON "merges" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "merges_due_idx" ON "merges" USING btree ("next_run_at") WHERE status not in ('DONE', 'CANCELLED') and next_run_at is not null;