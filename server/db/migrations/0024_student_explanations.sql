CREATE TABLE "explanation_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"explanation_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "explanation_strikes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"explanation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "explanation_votes" (
	"explanation_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "explanation_votes_explanation_id_user_id_pk" PRIMARY KEY("explanation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "student_explanations" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"wrong_before" integer DEFAULT 0 NOT NULL,
	"awaiting_approval" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "explanation_flags" ADD CONSTRAINT "explanation_flags_explanation_id_student_explanations_id_fk" FOREIGN KEY ("explanation_id") REFERENCES "public"."student_explanations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explanation_flags" ADD CONSTRAINT "explanation_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explanation_strikes" ADD CONSTRAINT "explanation_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explanation_strikes" ADD CONSTRAINT "explanation_strikes_explanation_id_student_explanations_id_fk" FOREIGN KEY ("explanation_id") REFERENCES "public"."student_explanations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explanation_votes" ADD CONSTRAINT "explanation_votes_explanation_id_student_explanations_id_fk" FOREIGN KEY ("explanation_id") REFERENCES "public"."student_explanations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explanation_votes" ADD CONSTRAINT "explanation_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_explanations" ADD CONSTRAINT "student_explanations_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_explanations" ADD CONSTRAINT "student_explanations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_explanations" ADD CONSTRAINT "student_explanations_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "explanation_flags_explanation_user_key" ON "explanation_flags" USING btree ("explanation_id","user_id");--> statement-breakpoint
CREATE INDEX "explanation_flags_open_idx" ON "explanation_flags" USING btree ("explanation_id") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "explanation_strikes_user_idx" ON "explanation_strikes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_explanations_question_user_key" ON "student_explanations" USING btree ("question_id","user_id");--> statement-breakpoint
CREATE INDEX "student_explanations_user_created_idx" ON "student_explanations" USING btree ("user_id","created_at");