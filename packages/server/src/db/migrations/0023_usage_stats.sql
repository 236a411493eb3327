CREATE TABLE "stats_daily" (
	"subject_id" text NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"unique_downloads" integer DEFAULT 0 NOT NULL,
	"data_volume" bigint DEFAULT 0 NOT NULL,
	"unique_investigations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_subject_id_day_pk" PRIMARY KEY("subject_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"parent_id" text NOT NULL,
	"visitor" text NOT NULL,
	"file_key" text DEFAULT '' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"ranged" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"aggregated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_totals" (
	"subject_id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"unique_downloads" integer DEFAULT 0 NOT NULL,
	"data_volume" bigint DEFAULT 0 NOT NULL,
	"unique_investigations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stats_daily_day_idx" ON "stats_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stats_events_at_idx" ON "stats_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "stats_events_pending_idx" ON "stats_events" USING btree ("at") WHERE NOT "stats_events"."aggregated";--> statement-breakpoint
CREATE INDEX "stats_totals_unique_views_idx" ON "stats_totals" USING btree ("unique_views");--> statement-breakpoint
CREATE INDEX "stats_totals_unique_downloads_idx" ON "stats_totals" USING btree ("unique_downloads");