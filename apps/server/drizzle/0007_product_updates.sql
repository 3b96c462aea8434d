CREATE TABLE "product_updates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"blob_id" uuid,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"uploaded_by_user_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_updates_one_pending_idx" ON "product_updates" USING btree ("state") WHERE "product_updates"."state" = 'pending';