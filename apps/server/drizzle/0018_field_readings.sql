CREATE TABLE "scouting_observations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scouting_observations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"point_number" smallint NOT NULL,
	"pest" text NOT NULL,
	"count" integer,
	"present" boolean,
	"note" text,
	CONSTRAINT "scouting_observations_point_ck" CHECK ("scouting_observations"."point_number" >= 1),
	CONSTRAINT "scouting_observations_count_ck" CHECK ("scouting_observations"."count" is null or "scouting_observations"."count" >= 0),
	CONSTRAINT "scouting_observations_measure_ck" CHECK (("scouting_observations"."count" is null) <> ("scouting_observations"."present" is null))
);
--> statement-breakpoint
CREATE TABLE "phenology_observations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phenology_observations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"farm_block_id" integer NOT NULL,
	"observed_on" date NOT NULL,
	"stage" text NOT NULL,
	"percent_of_trees" double precision NOT NULL,
	CONSTRAINT "phenology_observations_percent_ck" CHECK ("phenology_observations"."percent_of_trees" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tensiometer_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tensiometer_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"farm_block_id" integer NOT NULL,
	"station" text NOT NULL,
	"depth_cm" smallint NOT NULL,
	"kpa" double precision NOT NULL,
	"read_on" date NOT NULL,
	CONSTRAINT "tensiometer_readings_kpa_ck" CHECK ("tensiometer_readings"."kpa" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "trap_inspections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trap_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"trap_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"count" integer NOT NULL,
	"note" text,
	CONSTRAINT "trap_inspections_count_ck" CHECK ("trap_inspections"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "traps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"farm_block_id" integer NOT NULL,
	"trap_type" text NOT NULL,
	"lure" text NOT NULL,
	"code" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date,
	CONSTRAINT "traps_active_ck" CHECK ("traps"."active_to" is null or "traps"."active_to" >= "traps"."active_from"),
	CONSTRAINT "traps_position_ck" CHECK ("traps"."lat" between -90 and 90 and "traps"."lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "water_applied" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "water_applied_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"farm_block_id" integer NOT NULL,
	"applied_on" date NOT NULL,
	"amount" double precision NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "water_applied_amount_ck" CHECK ("water_applied"."amount" > 0),
	CONSTRAINT "water_applied_unit_ck" CHECK ("water_applied"."unit" in ('mm', 'm3'))
);
--> statement-breakpoint
ALTER TABLE "scouting_sessions" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "scouting_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scouting_observations" ADD CONSTRAINT "scouting_observations_session_id_scouting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."scouting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phenology_observations" ADD CONSTRAINT "phenology_observations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phenology_observations" ADD CONSTRAINT "phenology_observations_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phenology_observations" ADD CONSTRAINT "phenology_observations_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tensiometer_readings" ADD CONSTRAINT "tensiometer_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tensiometer_readings" ADD CONSTRAINT "tensiometer_readings_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tensiometer_readings" ADD CONSTRAINT "tensiometer_readings_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_inspections" ADD CONSTRAINT "trap_inspections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_inspections" ADD CONSTRAINT "trap_inspections_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_inspections" ADD CONSTRAINT "trap_inspections_trap_id_traps_id_fk" FOREIGN KEY ("trap_id") REFERENCES "public"."traps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traps" ADD CONSTRAINT "traps_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_applied" ADD CONSTRAINT "water_applied_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_applied" ADD CONSTRAINT "water_applied_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_applied" ADD CONSTRAINT "water_applied_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scouting_observations_point_pest_uq" ON "scouting_observations" USING btree ("session_id","point_number","pest");--> statement-breakpoint
CREATE UNIQUE INDEX "phenology_observations_org_client_uq" ON "phenology_observations" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "phenology_observations_block_day_idx" ON "phenology_observations" USING btree ("farm_block_id","observed_on");--> statement-breakpoint
CREATE INDEX "phenology_observations_org_day_idx" ON "phenology_observations" USING btree ("organization_id","observed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "tensiometer_readings_org_client_uq" ON "tensiometer_readings" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "tensiometer_readings_block_day_idx" ON "tensiometer_readings" USING btree ("farm_block_id","read_on");--> statement-breakpoint
CREATE INDEX "tensiometer_readings_org_day_idx" ON "tensiometer_readings" USING btree ("organization_id","read_on");--> statement-breakpoint
CREATE UNIQUE INDEX "trap_inspections_org_client_uq" ON "trap_inspections" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "trap_inspections_trap_idx" ON "trap_inspections" USING btree ("trap_id","inspected_on");--> statement-breakpoint
CREATE UNIQUE INDEX "traps_org_client_uq" ON "traps" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "traps_block_idx" ON "traps" USING btree ("farm_block_id","active_from");--> statement-breakpoint
CREATE UNIQUE INDEX "water_applied_org_client_uq" ON "water_applied" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "water_applied_block_day_idx" ON "water_applied" USING btree ("farm_block_id","applied_on");--> statement-breakpoint
CREATE INDEX "water_applied_org_day_idx" ON "water_applied" USING btree ("organization_id","applied_on");--> statement-breakpoint
CREATE INDEX "scouting_sessions_block_start_idx" ON "scouting_sessions" USING btree ("farm_block_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scouting_sessions_org_client_uq" ON "scouting_sessions" USING btree ("organization_id","client_id");