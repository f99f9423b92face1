CREATE TABLE "legacy_path_uses" (
	"path" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"last_called_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legacy_path_uses_path_day_pk" PRIMARY KEY("path","day")
);
