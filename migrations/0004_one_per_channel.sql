-- A database from before this migration may hold two games in play, or two open lobbies, in one
-- channel (two /fengsheng start at once). The oldest stays; the others are ended first, with a
-- reason, so the unique indexes can be made.
UPDATE `games` SET `status` = 'aborted', `broken_reason` = 'a second game in play in the same channel', `deadline` = NULL
 WHERE `status` = 'active' AND `id` NOT IN (SELECT min(`id`) FROM `games` WHERE `status` = 'active' GROUP BY `guild_id`, `channel_id`);--> statement-breakpoint
DELETE FROM `lobbies` WHERE `game_id` IS NULL AND `id` NOT IN (SELECT min(`id`) FROM `lobbies` WHERE `game_id` IS NULL GROUP BY `guild_id`, `channel_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `games_one_active_per_channel` ON `games` (`guild_id`,`channel_id`) WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX `lobbies_one_open_per_channel` ON `lobbies` (`guild_id`,`channel_id`) WHERE game_id IS NULL;
