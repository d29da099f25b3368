-- Each player's DM channel with the bot, kept so that after a restart the bot DMs them without opening it again (issue 34).
ALTER TABLE "user_prefs" ADD COLUMN "dm_channel_id" text;
