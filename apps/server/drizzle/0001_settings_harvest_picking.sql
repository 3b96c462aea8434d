CREATE TABLE "export_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"url" text NOT NULL,
	"component_name" text NOT NULL,
	"report_name" text NOT NULL,
	"time_to_complete" numeric(12, 3) NOT NULL,
	"size" integer NOT NULL,
	"export_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"organization_id" integer,
	"header" text NOT NULL,
	"body" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "farm_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "farm_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"ha" double precision NOT NULL,
	"variety_id" integer NOT NULL,
	"daff_code" text
);
--> statement-breakpoint
CREATE TABLE "fruit_bins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fruit_bins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"production_block_id" integer NOT NULL,
	"packhouse_id" integer NOT NULL,
	"variety_id" integer NOT NULL,
	"season" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"received_date" date NOT NULL,
	"tipped" boolean DEFAULT false NOT NULL,
	"tipped_at" timestamp with time zone,
	"tipped_kgs" double precision,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "production_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"puc_id" integer NOT NULL,
	"code" text NOT NULL,
	"variety_id" integer NOT NULL,
	"farm_block_id" integer
);
--> statement-breakpoint
CREATE TABLE "pucs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pucs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"puc_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "varieties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "varieties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variety_name" text NOT NULL,
	"commodity" text NOT NULL,
	CONSTRAINT "varieties_variety_name_unique" UNIQUE("variety_name")
);
--> statement-breakpoint
CREATE TABLE "yield_estimates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "yield_estimates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"production_block_id" integer NOT NULL,
	"season" integer NOT NULL,
	"ha" double precision NOT NULL,
	"tonnes_per_ha" double precision,
	"tonnes_per_ha_adjusted" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fruit_bin_estimates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fruit_bin_estimates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"puc_id" integer NOT NULL,
	"variety_id" integer NOT NULL,
	"date" date NOT NULL,
	"bins" integer NOT NULL,
	"packhouse_id" integer,
	"picking_progress_id" integer,
	"user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packhouse_capacities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packhouse_capacities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"packhouse_id" integer NOT NULL,
	"year" integer NOT NULL,
	"week" integer NOT NULL,
	"capacity" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_estimate_weeks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_estimate_weeks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"picking_estimate_id" integer NOT NULL,
	"year" integer NOT NULL,
	"week" integer NOT NULL,
	"bin_count" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_estimates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_estimates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"puc_id" integer NOT NULL,
	"variety_id" integer NOT NULL,
	"packhouse_id" integer NOT NULL,
	"estimated_first_week" integer,
	"expected_projected_tonnes" double precision,
	"first_projected_tonnes" double precision,
	"avg_bin_weight" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_progress_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_progress_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"picking_progress_type" text NOT NULL,
	CONSTRAINT "picking_progress_types_picking_progress_type_unique" UNIQUE("picking_progress_type")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_blocks" ADD CONSTRAINT "farm_blocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_blocks" ADD CONSTRAINT "farm_blocks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_blocks" ADD CONSTRAINT "farm_blocks_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bins" ADD CONSTRAINT "fruit_bins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bins" ADD CONSTRAINT "fruit_bins_production_block_id_production_blocks_id_fk" FOREIGN KEY ("production_block_id") REFERENCES "public"."production_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bins" ADD CONSTRAINT "fruit_bins_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bins" ADD CONSTRAINT "fruit_bins_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD CONSTRAINT "production_blocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD CONSTRAINT "production_blocks_puc_id_pucs_id_fk" FOREIGN KEY ("puc_id") REFERENCES "public"."pucs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD CONSTRAINT "production_blocks_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_blocks" ADD CONSTRAINT "production_blocks_farm_block_id_farm_blocks_id_fk" FOREIGN KEY ("farm_block_id") REFERENCES "public"."farm_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pucs" ADD CONSTRAINT "pucs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pucs" ADD CONSTRAINT "pucs_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yield_estimates" ADD CONSTRAINT "yield_estimates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yield_estimates" ADD CONSTRAINT "yield_estimates_production_block_id_production_blocks_id_fk" FOREIGN KEY ("production_block_id") REFERENCES "public"."production_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bin_estimates" ADD CONSTRAINT "fruit_bin_estimates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bin_estimates" ADD CONSTRAINT "fruit_bin_estimates_puc_id_pucs_id_fk" FOREIGN KEY ("puc_id") REFERENCES "public"."pucs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bin_estimates" ADD CONSTRAINT "fruit_bin_estimates_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bin_estimates" ADD CONSTRAINT "fruit_bin_estimates_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fruit_bin_estimates" ADD CONSTRAINT "fruit_bin_estimates_picking_progress_id_picking_progress_types_id_fk" FOREIGN KEY ("picking_progress_id") REFERENCES "public"."picking_progress_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packhouse_capacities" ADD CONSTRAINT "packhouse_capacities_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_estimate_weeks" ADD CONSTRAINT "picking_estimate_weeks_picking_estimate_id_picking_estimates_id_fk" FOREIGN KEY ("picking_estimate_id") REFERENCES "public"."picking_estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_estimates" ADD CONSTRAINT "picking_estimates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_estimates" ADD CONSTRAINT "picking_estimates_puc_id_pucs_id_fk" FOREIGN KEY ("puc_id") REFERENCES "public"."pucs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_estimates" ADD CONSTRAINT "picking_estimates_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_estimates" ADD CONSTRAINT "picking_estimates_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_logs_org_time_idx" ON "export_logs" USING btree ("organization_id","export_time");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "farm_blocks_farm_idx" ON "farm_blocks" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "fruit_bins_block_idx" ON "fruit_bins" USING btree ("production_block_id","season","tipped");--> statement-breakpoint
CREATE INDEX "fruit_bins_packhouse_variety_idx" ON "fruit_bins" USING btree ("packhouse_id","variety_id","season");--> statement-breakpoint
CREATE INDEX "fruit_bins_org_date_idx" ON "fruit_bins" USING btree ("organization_id","received_date");--> statement-breakpoint
CREATE UNIQUE INDEX "production_blocks_puc_code_uq" ON "production_blocks" USING btree ("puc_id","code");--> statement-breakpoint
CREATE INDEX "production_blocks_org_idx" ON "production_blocks" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pucs_org_name_uq" ON "pucs" USING btree ("organization_id","puc_name");--> statement-breakpoint
CREATE INDEX "pucs_farm_idx" ON "pucs" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "yield_estimates_block_season_idx" ON "yield_estimates" USING btree ("production_block_id","season","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fruit_bin_estimates_puc_variety_date_uq" ON "fruit_bin_estimates" USING btree ("puc_id","variety_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "packhouse_capacities_uq" ON "packhouse_capacities" USING btree ("packhouse_id","year","week");--> statement-breakpoint
CREATE UNIQUE INDEX "picking_estimate_weeks_uq" ON "picking_estimate_weeks" USING btree ("picking_estimate_id","year","week");--> statement-breakpoint
CREATE UNIQUE INDEX "picking_estimates_combination_uq" ON "picking_estimates" USING btree ("organization_id","puc_id","packhouse_id","variety_id");--> statement-breakpoint
CREATE INDEX "picking_estimates_packhouse_idx" ON "picking_estimates" USING btree ("packhouse_id");--> statement-breakpoint
ALTER TABLE "user_farms" ADD CONSTRAINT "user_farms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_packhouses" ADD CONSTRAINT "user_packhouses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;