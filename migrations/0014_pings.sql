CREATE TABLE `game_pings` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`message_id` text,
	`ping_key` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Each game's last ping moves beside it (issue 37: writing it waited on the commit's row lock); a ping of a game in play stays known across the upgrade.
INSERT INTO `game_pings` (`game_id`, `message_id`, `ping_key`) SELECT `id`, `ping_message_id`, `ping_key` FROM `games` WHERE `ping_message_id` IS NOT NULL OR `ping_key` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `ping_message_id`;--> statement-breakpoint
ALTER TABLE `games` DROP COLUMN `ping_key`;