import { type SQL, sql } from 'drizzle-orm';

/**
 * Which flow of a journey each user type follows (rule 197: its own, else its nearest parent type's), and whether
 * the type takes walk-ins at the kiosk: the SQL function `kiosk_type_flows` (migration 0026), the one definition
 * that the sign-in's load (signin/load-sign-in.ts), the kiosk's configuration, name search, walk-ins and badges
 * (kiosk-app), the console's checks at an area (mass-actions) and its expected visits (visits) all read. A type
 * with no row is not signed by the journey. As a FROM item named `tf`, with the columns of `tf` below.
 */
export const typeFlows = (entityId: number, journeyId: number | null | SQL) => sql`kiosk_type_flows(${entityId}, ${journeyId}::int) tf`;

export const tf = {
  userTypeId: sql<number>`tf.user_type_id`,
  flowId: sql<number>`tf.flow_id`,
  /** A new person of this user type may register at the kiosk: not staff, and no registration needed beforehand. */
  walkIn: sql<boolean>`tf.walk_in`,
};
