-- ritual_session_done_days follows the records it counts: check-ins, and room posts in a record
-- category (every one but notice) on their Seoul day. Triggers keep it, so every writer (the
-- services, the console, seeds, cascades) keeps it right without knowing of it. Counts are changed
-- in place (an upsert, or an update and a delete at zero), which row locks keep right when two
-- transactions write records of the same member and day at once.
CREATE FUNCTION ritual_session_done_day_add(session_id integer, member_id integer, done_day date, change integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF change > 0 THEN
    INSERT INTO ritual_session_done_days (ritual_session_id, user_id, day, records)
    VALUES (session_id, member_id, done_day, change)
    ON CONFLICT (ritual_session_id, user_id, day) DO UPDATE SET records = ritual_session_done_days.records + excluded.records;
  ELSE
    UPDATE ritual_session_done_days SET records = records + change
    WHERE ritual_session_id = session_id AND user_id = member_id AND day = done_day;
    DELETE FROM ritual_session_done_days
    WHERE ritual_session_id = session_id AND user_id = member_id AND day = done_day AND records <= 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION ritual_session_posts_done_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.category <> 'notice' THEN
    PERFORM ritual_session_done_day_add(OLD.ritual_session_id, OLD.user_id, (OLD.created_at AT TIME ZONE 'Asia/Seoul')::date, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.category <> 'notice' THEN
    PERFORM ritual_session_done_day_add(NEW.ritual_session_id, NEW.user_id, (NEW.created_at AT TIME ZONE 'Asia/Seoul')::date, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ritual_session_posts_done_days
AFTER INSERT OR DELETE OR UPDATE OF ritual_session_id, user_id, category, created_at ON ritual_session_posts
FOR EACH ROW EXECUTE FUNCTION ritual_session_posts_done_days();
--> statement-breakpoint
CREATE FUNCTION ritual_session_check_ins_done_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ritual_session_done_day_add(OLD.ritual_session_id, OLD.user_id, OLD.day, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM ritual_session_done_day_add(NEW.ritual_session_id, NEW.user_id, NEW.day, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ritual_session_check_ins_done_days
AFTER INSERT OR DELETE OR UPDATE OF ritual_session_id, user_id, day ON ritual_session_check_ins
FOR EACH ROW EXECUTE FUNCTION ritual_session_check_ins_done_days();
--> statement-breakpoint
-- The records written before the triggers; their locks keep writers out until this commits.
INSERT INTO ritual_session_done_days (ritual_session_id, user_id, day, records)
SELECT ritual_session_id, user_id, day, count(*)::int
FROM (
  SELECT ritual_session_id, user_id, day FROM ritual_session_check_ins
  UNION ALL
  SELECT ritual_session_id, user_id, (created_at AT TIME ZONE 'Asia/Seoul')::date FROM ritual_session_posts WHERE category <> 'notice'
) records
GROUP BY ritual_session_id, user_id, day;
