CREATE TABLE "release_note_dismissals" (
	"user_id" integer NOT NULL,
	"release_note_id" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_note_dismissals_user_id_release_note_id_pk" PRIMARY KEY("user_id","release_note_id")
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"notes" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_note_dismissals" ADD CONSTRAINT "release_note_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_dismissals" ADD CONSTRAINT "release_note_dismissals_release_note_id_release_notes_id_fk" FOREIGN KEY ("release_note_id") REFERENCES "public"."release_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_notes_published_idx" ON "release_notes" USING btree ("published_at");