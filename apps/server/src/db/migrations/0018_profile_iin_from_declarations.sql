-- Issue 18: the profile shows the IIN a person gave in step 7. Until step 7 also saved the profile, the
-- IIN stayed on the declaration only, so the profile said 'ИИН не указан' after a declaration was sent.
-- Profiles without an IIN take the one of the person's most recently changed declaration (step 7 checked
-- it: 12 digits with a valid control digit). A profile that has an IIN keeps it.
UPDATE users u
SET iin = d.iin, updated_at = now()
FROM (
  SELECT DISTINCT ON (user_id) user_id, personal_data->>'iin' AS iin
  FROM declarations
  WHERE personal_data->>'iin' ~ '^[0-9]{12}$'
  ORDER BY user_id, updated_at DESC, id DESC
) d
WHERE u.id = d.user_id AND (u.iin IS NULL OR btrim(u.iin) IN ('', 'null'));
