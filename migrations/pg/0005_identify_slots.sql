CREATE TABLE "identify_slots" (
	"bucket" integer PRIMARY KEY NOT NULL,
	"next_at" bigint NOT NULL
);
