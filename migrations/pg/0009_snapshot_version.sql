ALTER TABLE "games" ADD COLUMN "snapshot_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every snapshot stored before this column is of its row's version.
UPDATE "games" SET "snapshot_version" = "version";