-- Instants in the API are epoch seconds; backups taken before kept each node's createTime in milliseconds.
UPDATE "backups" SET "content" = jsonb_set("content", '{nodes}', (
  SELECT coalesce(jsonb_agg(
    CASE WHEN ("n"->>'createTime')::bigint >= 100000000000
      THEN jsonb_set("n", '{createTime}', to_jsonb(("n"->>'createTime')::bigint / 1000))
      ELSE "n" END
    ORDER BY "ord"), '[]'::jsonb)
  FROM jsonb_array_elements("content"->'nodes') WITH ORDINALITY AS "t"("n", "ord")
)) WHERE jsonb_typeof("content"->'nodes') = 'array';
