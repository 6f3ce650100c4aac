CREATE TABLE "campaign_links" (
	"campaign_id" uuid NOT NULL,
	"link_index" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "campaign_links_campaign_id_link_index_pk" PRIMARY KEY("campaign_id","link_index")
);
--> statement-breakpoint
ALTER TABLE "poll_responses" ADD COLUMN "aggregated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_responses_unaggregated_idx" ON "poll_responses" USING btree ("id") WHERE not aggregated;