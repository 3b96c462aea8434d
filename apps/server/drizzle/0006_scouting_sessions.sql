CREATE TABLE "scouting_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scouting_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"farm_block_id" integer NOT NULL,
	"scout_user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"pest" text,
	"pest_count" integer,
	"severity" smallint,
	CONSTRAINT "scouting_sessions_end_after_start_ck" CHECK ("scouting_sessions"."ended_at" >= "scouting_sessions"."started_at"),
	CONSTRAINT "scouting_sessions_severity_ck" CHECK ("scouting_sessions"."severity" is null or "scouting_sessions"."severity" between 1 and 5),
	CONSTRAINT "scouting_sessions_count_ck" CHECK ("scouting_sessions"."pest_count" is null or "scouting_sessions"."pest_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "scouting_sessions" ADD CONSTRAINT "scouting_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scouting_sessions" ADD CONSTRAINT "scouting_sessions_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scouting_sessions" ADD CONSTRAINT "scouting_sessions_scout_user_id_users_id_fk" FOREIGN KEY ("scout_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scouting_sessions_org_start_idx" ON "scouting_sessions" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "scouting_sessions_block_idx" ON "scouting_sessions" USING btree ("farm_block_id");