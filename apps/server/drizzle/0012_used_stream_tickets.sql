CREATE TABLE "used_stream_tickets" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_stream_tickets_expires_idx" ON "used_stream_tickets" USING btree ("expires_at");