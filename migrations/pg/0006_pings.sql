CREATE TABLE "game_pings" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"message_id" text,
	"ping_key" text
);
--> statement-breakpoint
ALTER TABLE "game_pings" ADD CONSTRAINT "game_pings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each game's last ping moves beside it (issue 37: writing it waited on the commit's row lock); a ping of a game in play stays known across the upgrade.
INSERT INTO "game_pings" ("game_id", "message_id", "ping_key") SELECT "id", "ping_message_id", "ping_key" FROM "games" WHERE "ping_message_id" IS NOT NULL OR "ping_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "ping_message_id";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "ping_key";