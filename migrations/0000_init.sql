CREATE TABLE `actions` (
	`game_id` integer NOT NULL,
	`version` integer NOT NULL,
	`seat` integer,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `version`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`setup` text NOT NULL,
	`options` text NOT NULL,
	`decision_ms` integer,
	`snapshot` blob NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deadline` integer,
	`table_message_id` text,
	`broken_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `games_status_idx` ON `games` (`status`,`deadline`);--> statement-breakpoint
CREATE INDEX `games_channel_idx` ON `games` (`guild_id`,`channel_id`);--> statement-breakpoint
CREATE TABLE `guild_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`language` text,
	`lobby_options` text DEFAULT '{}' NOT NULL,
	`decision_ms` integer DEFAULT 60000,
	`lobby_ms` integer DEFAULT 600000 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seats` (
	`game_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`ai` integer DEFAULT false NOT NULL,
	`identity` text,
	`character` text,
	`result` text,
	`died` integer,
	PRIMARY KEY(`game_id`, `seat`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seats_user_idx` ON `seats` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_stats` (
	`user_id` text PRIMARY KEY NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`draws` integer DEFAULT 0 NOT NULL,
	`wins_lurker` integer DEFAULT 0 NOT NULL,
	`wins_military` integer DEFAULT 0 NOT NULL,
	`wins_soy` integer DEFAULT 0 NOT NULL,
	`deaths` integer DEFAULT 0 NOT NULL,
	`declarations` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
