CREATE TABLE `shard_leases` (
	`shard_count` integer NOT NULL,
	`shard_id` integer NOT NULL,
	`holder` text NOT NULL,
	`host` text NOT NULL,
	`pid` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`taken_at` integer NOT NULL,
	PRIMARY KEY(`shard_count`, `shard_id`)
);
