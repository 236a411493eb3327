CREATE TABLE "drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"version_index" integer NOT NULL,
	"document" jsonb NOT NULL,
	"revision_id" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"resource_type" text,
	"access_record" text DEFAULT 'public' NOT NULL,
	"access_status" text DEFAULT 'open' NOT NULL,
	"creator_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"permission" text NOT NULL,
	"origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"communities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pids" (
	"scheme" text NOT NULL,
	"identifier" text NOT NULL,
	"object_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pids_scheme_identifier_pk" PRIMARY KEY("scheme","identifier")
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"version_index" integer NOT NULL,
	"document" jsonb NOT NULL,
	"revision_id" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"resource_type" text,
	"access_record" text DEFAULT 'public' NOT NULL,
	"access_status" text DEFAULT 'open' NOT NULL,
	"creator_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secret_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" text NOT NULL,
	"permission" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expires_at" date,
	"origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_links" ADD CONSTRAINT "secret_links_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drafts_parent" ON "drafts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "drafts_search" ON "drafts" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_subject_key" ON "grants" USING btree ("parent_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "grants_subject" ON "grants" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "parents_owner" ON "parents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "pids_object" ON "pids" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "records_parent" ON "records" USING btree ("parent_id","version_index");--> statement-breakpoint
CREATE INDEX "records_search" ON "records" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "records_latest_created" ON "records" USING btree ("is_latest","created_at");--> statement-breakpoint
CREATE INDEX "records_resource_type" ON "records" USING btree ("resource_type");--> statement-breakpoint
CREATE INDEX "records_access_status" ON "records" USING btree ("access_status");--> statement-breakpoint
CREATE INDEX "secret_links_parent" ON "secret_links" USING btree ("parent_id");