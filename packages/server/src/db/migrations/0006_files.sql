CREATE TABLE "file_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" text NOT NULL,
	"draft" boolean NOT NULL,
	"key" text NOT NULL,
	"object_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_type" text DEFAULT 'L' NOT NULL,
	"parts" integer,
	"part_size" bigint,
	"declared_size" bigint,
	"mimetype" text DEFAULT 'application/octet-stream' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"size" bigint,
	"checksum" text,
	"upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_parts" (
	"object_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"size" bigint NOT NULL,
	"md5" text,
	CONSTRAINT "file_parts_object_id_part_pk" PRIMARY KEY("object_id","part")
);
--> statement-breakpoint
CREATE TABLE "file_quotas" (
	"parent_id" text PRIMARY KEY NOT NULL,
	"max_files" integer NOT NULL,
	"max_bytes" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_entries" ADD CONSTRAINT "file_entries_object_id_file_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."file_objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_parts" ADD CONSTRAINT "file_parts_object_id_file_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."file_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_entries_key" ON "file_entries" USING btree ("record_id","draft","key");--> statement-breakpoint
CREATE INDEX "file_entries_object" ON "file_entries" USING btree ("object_id");