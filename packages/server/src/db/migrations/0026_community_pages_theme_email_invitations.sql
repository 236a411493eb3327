CREATE TABLE "community_email_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"invited_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "page" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "curation_policy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "community_email_invitations" ADD CONSTRAINT "community_email_invitations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_email_invitations" ADD CONSTRAINT "community_email_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_email_invitations_community" ON "community_email_invitations" USING btree ("community_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "community_email_invitations_open" ON "community_email_invitations" USING btree ("community_id","email") WHERE "community_email_invitations"."status" = 'pending';