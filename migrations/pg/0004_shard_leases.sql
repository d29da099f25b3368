CREATE TABLE "shard_leases" (
	"shard_count" integer NOT NULL,
	"shard_id" integer NOT NULL,
	"holder" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"expires_at" bigint NOT NULL,
	"taken_at" bigint NOT NULL,
	CONSTRAINT "shard_leases_shard_count_shard_id_pk" PRIMARY KEY("shard_count","shard_id")
);
