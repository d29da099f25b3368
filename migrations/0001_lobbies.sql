CREATE TABLE `lobbies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`host_id` text NOT NULL,
	`options` text NOT NULL,
	`seats` text NOT NULL,
	`message_id` text,
	`game_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lobbies_channel_idx` ON `lobbies` (`guild_id`,`channel_id`);--> statement-breakpoint
CREATE INDEX `lobbies_game_idx` ON `lobbies` (`game_id`);