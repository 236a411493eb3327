ALTER TABLE "communities" ADD COLUMN "members_visibility" text DEFAULT 'restricted' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "member_policy" text DEFAULT 'closed' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "organizations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;