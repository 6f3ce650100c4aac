CREATE TABLE "tracking_hit_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_ids" uuid[] NOT NULL,
	"types" text[] NOT NULL,
	"urls" text[] NOT NULL,
	"occurred_at" timestamp with time zone[] NOT NULL
);
