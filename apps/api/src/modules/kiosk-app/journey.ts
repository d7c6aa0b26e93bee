import { flag, planAllowsCustomFields, temperatureThreshold, type KioskAppConfig } from '@gatehouse/contract';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { areas, complianceVersions, compliances, customFields, entities, journeyFlows, journeys, sections, userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { tf, typeFlows } from '../../db/type-flows';
import type { DeviceKiosk } from './device-kiosk';

const MANDATORY = ['email', 'phone', 'company_name', 'id_number'] as const;
type Mandatory = (typeof MANDATORY)[number];

/**
 * The journey a kiosk runs: its own (`kiosks.journey_id`), else its area's (as the device caller resolved it). With
 * its flows (one per user type, rule 197), each flow's entry condition (current version), custom fields and host
 * settings, and which flow each user type follows (a sub-type, Teacher under Staff, follows its parent's).
 */
export async function loadKioskJourney(tx: Db, k: DeviceKiosk) {
  return loadJourney(tx, k.entity.id, { journeyId: k.journeyId, areaId: k.area?.id ?? null });
}

/**
 * A journey with the flow each user type follows in it, as `kiosk_type_flows` decides it (db/type-flows.ts, the
 * same function the sign-in's load reads): the one named, else the area's (the console's mass actions use the area's).
 */
export async function loadJourney(tx: Db, entityId: number, at: { journeyId?: number | null; areaId?: number | null }) {
  let journeyId = at.journeyId ?? null;
  if (!journeyId && at.areaId) {
    const [a] = await tx.select({ journeyId: areas.journeyId }).from(areas).where(and(eq(areas.id, at.areaId), eq(areas.entityId, entityId)));
    journeyId = a?.journeyId ?? null;
  }
  if (!journeyId) return null;
  const [journey] = await tx.select().from(journeys).where(and(eq(journeys.id, journeyId), eq(journeys.entityId, entityId)));
  if (!journey) return null;
  // Each user type the journey signs, with the flow it follows and that flow's own user type.
  const typed = await tx
    .select({ userTypeId: tf.userTypeId, walkIn: tf.walkIn, flow: journeyFlows, type: userTypes })
    .from(typeFlows(entityId, journey.id))
    .innerJoin(journeyFlows, and(eq(journeyFlows.id, tf.flowId), eq(journeyFlows.entityId, entityId)))
    .innerJoin(userTypes, and(eq(userTypes.id, journeyFlows.userTypeId), eq(userTypes.entityId, entityId)))
    .orderBy(asc(journeyFlows.id), asc(tf.userTypeId));
  const byType = new Map(typed.map((t) => [t.userTypeId, t]));
  /** The journey's flows, each with its own user type (and whether that type takes walk-ins). */
  const flows = typed.filter((t) => t.userTypeId === t.type.id);
  /** The flow a person of this user type follows (null: the journey does not sign them). */
  const flowFor = (userTypeId: number | null) => (userTypeId === null ? null : (byType.get(userTypeId) ?? null));
  return { journey, flows, flowFor };
}
export type KioskJourney = NonNullable<Awaited<ReturnType<typeof loadKioskJourney>>>;

/** The journey's outputs apply to every flow and the flow's add to them (the journey builder's flow card): a badge is printed when either says so. */
export const printsBadge = (j: KioskJourney, f: KioskJourney['flows'][number]['flow'] | null) => j.journey.printBadge || !!f?.printBadge;

/** The checks a sign-in through this flow needs (journey-wide or the flow's own). */
export const checksOf = (j: KioskJourney, f: Pick<KioskJourney['flows'][number], 'flow'> | null) => ({
  temperature: j.journey.temperatureCheck || !!f?.flow.temperatureCheck,
  mask: j.journey.maskCheck || !!f?.flow.maskCheck,
});

/** The journey as the kiosk app's configuration presents it (entry-condition questions without their passing answers). */
export async function presentKioskJourney(tx: Db, entityId: number, j: KioskJourney | null): Promise<KioskAppConfig['journey']> {
  if (!j) return null;
  const complianceIds = [...new Set(j.flows.map((f) => f.flow.complianceId).filter((id): id is number => !!id))];
  const conditions = complianceIds.length
    ? await tx
        .select({ id: compliances.id, v: complianceVersions })
        .from(compliances)
        .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
        .where(and(eq(compliances.entityId, entityId), inArray(compliances.id, complianceIds), isNull(compliances.deletedAt)))
    : [];
  const [entity] = await tx.select({ plan: entities.plan }).from(entities).where(eq(entities.id, entityId));
  const fields = planAllowsCustomFields(entity?.plan)
    ? await tx
        .select({ field: customFields })
        .from(customFields)
        .innerJoin(sections, and(eq(sections.id, customFields.sectionId), eq(sections.entityId, customFields.entityId)))
        .where(and(eq(customFields.entityId, entityId), or(eq(customFields.fillableByUser, true), eq(customFields.requiredAtPreRegistration, true))))
        .orderBy(asc(sections.sortOrder), asc(sections.id), asc(customFields.sortOrder), asc(customFields.id))
    : [];
  return {
    id: j.journey.id,
    name: j.journey.name,
    instruction: j.journey.instructionScreen ?? null,
    name_matching: j.journey.nameMatching,
    print_badge: flag(j.journey.printBadge),
    temperature_check: flag(j.journey.temperatureCheck),
    mask_check: flag(j.journey.maskCheck),
    temperature_threshold: temperatureThreshold(j.journey.temperatureThreshold),
    flows: j.flows.map(({ flow, type, walkIn }) => {
      const c = conditions.find((r) => r.id === flow.complianceId);
      const checks = checksOf(j, { flow });
      return {
        id: flow.id,
        name: flow.name,
        description: flow.description ?? null,
        user_type: { id: type.id, name: type.name, name_i18n: type.nameI18n },
        walk_in: flag(walkIn),
        mandatory: type.mandatoryData.filter((m): m is Mandatory => (MANDATORY as readonly string[]).includes(m)),
        host: { required: flag(flow.hostRequired), allow_no_host: flag(flow.allowNoHost) },
        temperature_check: flag(checks.temperature),
        mask_check: flag(checks.mask),
        print_badge: flag(printsBadge(j, flow)),
        photo: flag(type.profilePhoto),
        custom_fields: fields
          .filter((f) => !flow.sectionIds.length || flow.sectionIds.includes(f.field.sectionId))
          .map(({ field }) => ({ id: field.id, name: field.name, name_i18n: field.nameI18n, type: field.type, display: field.display ?? null, options: field.options, options_i18n: field.options.map((_, i) => field.optionsI18n[i] ?? {}), required: flag(field.requiredAtPreRegistration) })),
        compliance: c
          ? {
              id: c.id,
              name: c.v.name,
              name_i18n: c.v.nameI18n,
              questions: c.v.questions.map((q) => ({ id: q.id, question: q.question, question_i18n: q.question_i18n ?? {} })),
              agreement_text: c.v.agreementText,
              agreement_text_i18n: c.v.agreementTextI18n,
              statement: c.v.statement,
              statement_i18n: c.v.statementI18n,
            }
          : null,
      };
    }),
  };
}
