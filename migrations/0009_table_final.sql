ALTER TABLE `games` ADD `table_final_at` integer;--> statement-breakpoint
-- Games that ended before this column: their last table is taken as shown (a restart does not repaint history).
UPDATE `games` SET `table_final_at` = `updated_at` WHERE `status` <> 'active';
