ALTER TABLE "payments" ADD COLUMN "billing_period" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_plan_name" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_period" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
-- The yearly prices of issue 28 (ADR 042): ten months' price for twelve months.
INSERT INTO "plan_prices" ("plan_name", "period", "amount_cents", "effective_at") VALUES
  ('BASICO', 'year', 20000, '2020-01-01T00:00:00Z'),
  ('PREMIUM', 'year', 35000, '2020-01-01T00:00:00Z'),
  ('PRO', 'year', 50000, '2020-01-01T00:00:00Z');
