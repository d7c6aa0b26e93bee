-- Which flow of a journey each user type follows (rule 197), decided once for every caller: the kiosk's sign-in
-- load (signin/load-sign-in.ts), its configuration, its name search, its walk-ins and badges (kiosk-app/journey.ts,
-- search-people.ts), and the console's checks at an area (mass-actions) and expected visits (visits/visit-flow.ts).
-- A user type follows its own flow, else its nearest parent type's: the types that have a flow, then their
-- sub-types that have none, down the tree. A type without a flow of its own or above it has no row: the journey
-- does not sign its people. A flow whose user type was deleted (user_type_id set null) reaches nobody.
-- `walk_in`: a new person of this type may register at the kiosk (not staff, and the type's registration method
-- does not ask for registration beforehand: rule 156, docs/decisions.md).
-- Plain SQL, STABLE and SECURITY INVOKER, so that the planner inlines it into the calling statement and the
-- caller's row-level security applies.
CREATE FUNCTION kiosk_type_flows(p_entity_id int, p_journey_id int)
RETURNS TABLE (user_type_id int, flow_id int, walk_in boolean)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH RECURSIVE own AS (
    -- One flow per user type in a journey (the journey builder refuses a second); the newest wins if ever two.
    SELECT DISTINCT ON (f.user_type_id) f.user_type_id AS type_id, f.id AS flow_id
    FROM journey_flows f
    JOIN user_types t ON t.id = f.user_type_id AND t.entity_id = p_entity_id
    WHERE f.entity_id = p_entity_id AND f.journey_id = p_journey_id
    ORDER BY f.user_type_id, f.id DESC
  ), typed (type_id, flow_id) AS (
    SELECT type_id, flow_id FROM own
    UNION
    SELECT t.id, typed.flow_id
    FROM typed
    JOIN user_types t ON t.parent_id = typed.type_id AND t.entity_id = p_entity_id
    WHERE NOT EXISTS (SELECT 1 FROM own o WHERE o.type_id = t.id)
  )
  SELECT typed.type_id, typed.flow_id, NOT t.is_staff AND t.registration_method NOT IN ('pre_registered_only', 'by_admin')
  FROM typed
  JOIN user_types t ON t.id = typed.type_id AND t.entity_id = p_entity_id
$$;
