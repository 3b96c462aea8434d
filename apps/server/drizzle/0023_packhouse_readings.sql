CREATE TABLE "line_wax_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_wax_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"line_id" integer NOT NULL,
	"read_on" date NOT NULL,
	"read_time" text NOT NULL,
	"note" text,
	"litres_per_ton" double precision NOT NULL,
	"concentration_percent" double precision,
	CONSTRAINT "line_wax_readings_rate_ck" CHECK ("line_wax_readings"."litres_per_ton" between 0 and 10),
	CONSTRAINT "line_wax_readings_concentration_ck" CHECK ("line_wax_readings"."concentration_percent" is null or "line_wax_readings"."concentration_percent" between 0 and 100),
	CONSTRAINT "line_wax_readings_time_ck" CHECK ("line_wax_readings"."read_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "packhouse_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packhouse_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"packhouse_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_room_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_room_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"room_id" integer NOT NULL,
	"read_on" date NOT NULL,
	"read_time" text NOT NULL,
	"note" text,
	"temperature_c" double precision NOT NULL,
	"humidity_percent" double precision NOT NULL,
	CONSTRAINT "storage_room_readings_temperature_ck" CHECK ("storage_room_readings"."temperature_c" between -5 and 25),
	CONSTRAINT "storage_room_readings_humidity_ck" CHECK ("storage_room_readings"."humidity_percent" between 0 and 100),
	CONSTRAINT "storage_room_readings_time_ck" CHECK ("storage_room_readings"."read_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "storage_rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"captured_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"packhouse_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_wax_readings" ADD CONSTRAINT "line_wax_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_wax_readings" ADD CONSTRAINT "line_wax_readings_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_wax_readings" ADD CONSTRAINT "line_wax_readings_line_id_packhouse_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."packhouse_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packhouse_lines" ADD CONSTRAINT "packhouse_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packhouse_lines" ADD CONSTRAINT "packhouse_lines_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packhouse_lines" ADD CONSTRAINT "packhouse_lines_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_room_readings" ADD CONSTRAINT "storage_room_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_room_readings" ADD CONSTRAINT "storage_room_readings_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_room_readings" ADD CONSTRAINT "storage_room_readings_room_id_storage_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."storage_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rooms" ADD CONSTRAINT "storage_rooms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rooms" ADD CONSTRAINT "storage_rooms_captured_by_user_id_users_id_fk" FOREIGN KEY ("captured_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rooms" ADD CONSTRAINT "storage_rooms_packhouse_id_packhouses_id_fk" FOREIGN KEY ("packhouse_id") REFERENCES "public"."packhouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_wax_readings_org_client_uq" ON "line_wax_readings" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "line_wax_readings_line_idx" ON "line_wax_readings" USING btree ("line_id","read_on","read_time");--> statement-breakpoint
CREATE UNIQUE INDEX "packhouse_lines_org_client_uq" ON "packhouse_lines" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packhouse_lines_name_uq" ON "packhouse_lines" USING btree ("organization_id","packhouse_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "storage_room_readings_org_client_uq" ON "storage_room_readings" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "storage_room_readings_room_idx" ON "storage_room_readings" USING btree ("room_id","read_on","read_time");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_rooms_org_client_uq" ON "storage_rooms" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_rooms_name_uq" ON "storage_rooms" USING btree ("organization_id","packhouse_id",lower("name"));