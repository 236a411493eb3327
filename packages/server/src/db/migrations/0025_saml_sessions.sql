CREATE TABLE "saml_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"name_id" text NOT NULL,
	"name_id_format" text,
	"session_index" text
);
--> statement-breakpoint
ALTER TABLE "saml_sessions" ADD CONSTRAINT "saml_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_sessions_name_id" ON "saml_sessions" USING btree ("name_id");