-- Trigram indexes back the substring searches (ILIKE '%…%'); pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "bounces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"recipient_id" uuid,
	"type" text NOT NULL,
	"url" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"aggregated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"tracking_token" text NOT NULL,
	"sent_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"first_clicked_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"subject" text,
	"merge_source_sheet_key" text NOT NULL,
	"spreadsheet_name" text DEFAULT '' NOT NULL,
	"sheet_name" text DEFAULT '' NOT NULL,
	"is_form_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_email_sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	"clicked_count" integer DEFAULT 0 NOT NULL,
	"bounced_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	"responded_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_id" uuid,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_results" (
	"campaign_id" uuid NOT NULL,
	"info" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "poll_results_campaign_id_info_pk" PRIMARY KEY("campaign_id","info")
);
--> statement-breakpoint
CREATE TABLE "scheduled_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"merge_source_sheet_key" text NOT NULL,
	"spreadsheet_name" text DEFAULT '' NOT NULL,
	"sheet_name" text DEFAULT '' NOT NULL,
	"draft_message_id" text,
	"status" text DEFAULT 'IN PROGRESS' NOT NULL,
	"next_scheduled_run_at" timestamp with time zone,
	"to_send_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_details" text,
	"recoverable_error_retries" integer DEFAULT 0 NOT NULL,
	"recoverable_error_last_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"thumbnail" text NOT NULL,
	"preview" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bounces" ADD CONSTRAINT "bounces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounces" ADD CONSTRAINT "bounces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_responses" ADD CONSTRAINT "poll_responses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_results" ADD CONSTRAINT "poll_results_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_campaigns" ADD CONSTRAINT "scheduled_campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_campaigns" ADD CONSTRAINT "scheduled_campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscriptions" ADD CONSTRAINT "unsubscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscriptions" ADD CONSTRAINT "unsubscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bounces_workspace_email_key" ON "bounces" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "bounces_workspace_created_idx" ON "bounces" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "bounces_workspace_updated_idx" ON "bounces" USING btree ("workspace_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "bounces_email_trgm_idx" ON "bounces" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_occurred_idx" ON "campaign_events" USING btree ("campaign_id","occurred_at");--> statement-breakpoint
CREATE INDEX "campaign_events_unaggregated_idx" ON "campaign_events" USING btree ("id") WHERE not aggregated;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_tracking_token_key" ON "campaign_recipients" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_email_idx" ON "campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_last_update_idx" ON "campaigns" USING btree ("workspace_id","last_update_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_workspace_user_last_update_idx" ON "campaigns" USING btree ("workspace_id","user_id","last_update_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_workspace_last_email_sent_idx" ON "campaigns" USING btree ("workspace_id","last_email_sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_subject_trgm_idx" ON "campaigns" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_sheet_names_trgm_idx" ON "campaigns" USING gin (("spreadsheet_name" || ' ' || "sheet_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drafts_user_template_idx" ON "drafts" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "poll_responses_campaign_created_idx" ON "poll_responses" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_campaigns_workspace_next_run_idx" ON "scheduled_campaigns" USING btree ("workspace_id","next_scheduled_run_at");--> statement-breakpoint
CREATE INDEX "scheduled_campaigns_user_next_run_idx" ON "scheduled_campaigns" USING btree ("user_id","workspace_id","next_scheduled_run_at");--> statement-breakpoint
CREATE INDEX "scheduled_campaigns_workspace_created_idx" ON "scheduled_campaigns" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scheduled_campaigns_due_idx" ON "scheduled_campaigns" USING btree ("next_scheduled_run_at") WHERE status = 'IN PROGRESS' and next_scheduled_run_at is not null;--> statement-breakpoint
CREATE INDEX "templates_sort_order_idx" ON "templates" USING btree ("sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscriptions_workspace_email_key" ON "unsubscriptions" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "unsubscriptions_workspace_created_idx" ON "unsubscriptions" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "unsubscriptions_workspace_updated_idx" ON "unsubscriptions" USING btree ("workspace_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "unsubscriptions_email_trgm_idx" ON "unsubscriptions" USING gin ("email" gin_trgm_ops);