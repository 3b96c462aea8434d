CREATE TABLE "pest_action_thresholds" (
	"organization_id" integer NOT NULL,
	"pest" text NOT NULL,
	"threshold_percent" double precision NOT NULL,
	CONSTRAINT "pest_action_thresholds_organization_id_pest_pk" PRIMARY KEY("organization_id","pest"),
	CONSTRAINT "pest_action_thresholds_percent_ck" CHECK ("pest_action_thresholds"."threshold_percent" > 0 and "pest_action_thresholds"."threshold_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "pest_dashboard_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"scouting_frequency_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "pest_dashboard_settings_frequency_ck" CHECK ("pest_dashboard_settings"."scouting_frequency_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "trap_count_thresholds" (
	"organization_id" integer NOT NULL,
	"trap_type" text NOT NULL,
	"pest" text NOT NULL,
	"threshold_count" double precision NOT NULL,
	CONSTRAINT "trap_count_thresholds_organization_id_trap_type_pest_pk" PRIMARY KEY("organization_id","trap_type","pest"),
	CONSTRAINT "trap_count_thresholds_count_ck" CHECK ("trap_count_thresholds"."threshold_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "pest_action_thresholds" ADD CONSTRAINT "pest_action_thresholds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pest_dashboard_settings" ADD CONSTRAINT "pest_dashboard_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pest_dashboard_settings" ADD CONSTRAINT "pest_dashboard_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trap_count_thresholds" ADD CONSTRAINT "trap_count_thresholds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;