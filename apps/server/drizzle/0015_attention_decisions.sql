CREATE TABLE "attention_decisions" (
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"action" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_decisions_user_id_organization_id_type_value_pk" PRIMARY KEY("user_id","organization_id","type","value")
);
--> statement-breakpoint
ALTER TABLE "attention_decisions" ADD CONSTRAINT "attention_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_decisions" ADD CONSTRAINT "attention_decisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;