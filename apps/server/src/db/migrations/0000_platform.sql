CREATE TABLE "monthly_sent_mails" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monthly_sent_mails_workspace_id_user_id_year_month_pk" PRIMARY KEY("workspace_id","user_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"workspace_id" uuid,
	"page_path" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project" text NOT NULL,
	"placement" text NOT NULL,
	"name" text,
	"description" text,
	"image" text,
	"type" text,
	"url" text,
	"product_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollout_statuses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_registered" boolean DEFAULT true NOT NULL,
	"is_eligible" boolean DEFAULT true NOT NULL,
	"is_per_seat" boolean DEFAULT true NOT NULL,
	"user_v2" boolean DEFAULT true NOT NULL,
	"last_activated_step" integer
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"picture" text,
	"scopes" text DEFAULT '' NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"profile_picture_url" text,
	"user_type" text NOT NULL,
	"domain_name" text NOT NULL,
	"installation_timestamp" timestamp with time zone,
	"addon_workspace_id" uuid,
	"free_user_quota" integer,
	"create_source" text DEFAULT 'WEBAPP' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_domains" (
	"workspace_id" uuid NOT NULL,
	"domain_name" text NOT NULL,
	CONSTRAINT "workspace_domains_workspace_id_domain_name_pk" PRIMARY KEY("workspace_id","domain_name")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"user_plan" text NOT NULL,
	"status" text NOT NULL,
	"seat_type" text,
	"free_trial_end_timestamp" timestamp with time zone,
	"last_become_paid_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"plan" text NOT NULL,
	"legacy_type" text,
	"billing_model" text DEFAULT 'PER_SEAT' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"member_invite_user" boolean DEFAULT true NOT NULL,
	"has_multi_domain" boolean DEFAULT false NOT NULL,
	"free_allowed_user_count" integer DEFAULT -1 NOT NULL,
	"pro_allowed_user_count" integer DEFAULT -1 NOT NULL,
	"team_analytics_dashboard" boolean DEFAULT false NOT NULL,
	"manage_user_roles" boolean DEFAULT false NOT NULL,
	"transfer_ownership" boolean DEFAULT false NOT NULL,
	"share_unsubscribes" boolean DEFAULT false NOT NULL,
	"share_bounces" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monthly_sent_mails" ADD CONSTRAINT "monthly_sent_mails_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_sent_mails" ADD CONSTRAINT "monthly_sent_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_statuses" ADD CONSTRAINT "rollout_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_domains" ADD CONSTRAINT "workspace_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promotions_project_placement_idx" ON "promotions" USING btree ("project","placement","sort_order");--> statement-breakpoint
CREATE INDEX "sessions_email_idx" ON "sessions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "usage_events_type_created_idx" ON "usage_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_workspace_email_key" ON "workspace_members" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspace_members_workspace_role_idx" ON "workspace_members" USING btree ("workspace_id","role","status");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_key" ON "workspace_members" USING btree ("workspace_id") WHERE role = 'OWNER';