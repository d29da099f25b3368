CREATE TABLE `user_prefs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`respond` text DEFAULT 'all' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `games` ADD `window_ms` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `ping_message_id` text;--> statement-breakpoint
ALTER TABLE `games` ADD `ping_key` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `window_ms` integer DEFAULT 8000 NOT NULL;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `pings` text DEFAULT 'channel' NOT NULL;--> statement-breakpoint
ALTER TABLE `seats` ADD `quiet_turn` text;