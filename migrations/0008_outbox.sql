CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`message_id` text,
	`body` text NOT NULL,
	`nonce` text NOT NULL,
	`purpose` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`done_at` integer,
	`outcome` text,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_owed_idx` ON `outbox` (`game_id`,`id`) WHERE done_at IS NULL;