CREATE TABLE "secret_link_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"record_id" text NOT NULL,
	"file_key" text,
	"visitor" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "max_downloads" integer;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "one_visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "bound_browser" text;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "notify_first_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_links" ADD COLUMN "download_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "secret_link_uses" ADD CONSTRAINT "secret_link_uses_link_id_secret_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."secret_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "secret_link_uses_link" ON "secret_link_uses" USING btree ("link_id","used_at");