import { parseTemperature, temperatureThreshold } from '@gatehouse/contract';
import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { zKioskVisitorBody } from '@gatehouse/contract';
import { complianceVersions, compliances, customFields, scans, users, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { evaluateAnswers } from '../compliance';
import { checkCustomFieldValues, writeCustomFieldValues } from '../custom-fields';
import { announceAwaitingWalkIn, expectWalkInForApproval, storeVisitorPhoto } from '../visits';
import { requestHash, signInOut, type SignInOutResult } from '../signin';
import { assertUnique } from '../users';
import { type DeviceKiosk, kioskActor } from './device-kiosk';
import { type KioskJourney, loadKioskJourney } from './journey';

type Body = z.output<typeof zKioskVisitorBody>;
type Flow = KioskJourney['flows'][number];

/** Who may host through a flow: the active people of its host user types, or, when it names none, the console users. */
const hostCondition = (entityId: number, flow: Flow['flow']) =>
  and(eq(users.entityId, entityId), eq(users.status, 'active'), flow.hostUserTypeIds.length ? inArray(users.userTypeId, flow.hostUserTypeIds) : isNotNull(users.roleId));

/** One of the kiosk's journey's flows by id: 404 otherwise (another organisation's included). */
async function journeyFlow(tx: Db, k: DeviceKiosk, flowId: number) {
  const journey = await loadKioskJourney(tx, k);
  const flow = journey?.flows.find((f) => f.flow.id === flowId);
  if (!journey || !flow) throw notFound();
  return { journey, flow };
}

/** The kiosk's walk-in flow by id: 404 when it is not one of its journey's flows, 403 when it takes no walk-ins. */
export async function walkInFlow(tx: Db, k: DeviceKiosk, flowId: number) {
  const found = await journeyFlow(tx, k, flowId);
  if (!found.flow.walkIn) throw forbidden('kiosk_app.flow_not_walk_in');
  return found;
}

/** Hosts a visitor (a walk-in, or a known person whose flow asks for a host) can pick on the kiosk: names only, a few matches. */
export async function searchHosts(tx: Db, k: DeviceKiosk, flowId: number, search: string) {
  const { flow } = await journeyFlow(tx, k, flowId);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
  const like = (w: string) => `${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(hostCondition(k.entity.id, flow.flow), ...words.map((w) => or(ilike(users.firstName, like(w)), ilike(users.lastName, like(w))))))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(8);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}

/** Rules 169-171 beyond the schema: the user type's mandatory details, the host, the custom fields the flow requires. */
async function checkDetails(tx: Db, entityId: number, flow: Flow, body: Body) {
  const errors: Record<string, string[]> = {};
  const given: Record<string, unknown> = { email: body.email, phone: body.phone, company_name: body.company_name, id_number: body.id_number };
  for (const m of flow.type.mandatoryData) if (m in given && !given[m]) errors[m] = ['kiosk_app.field_required'];
  if (body.host_user_id) {
    const [host] = await tx.select({ id: users.id }).from(users).where(and(hostCondition(entityId, flow.flow), eq(users.id, body.host_user_id)));
    if (!host) errors.host_user_id = ['kiosk_app.host_not_allowed'];
  } else if (flow.flow.hostRequired && !flow.flow.allowNoHost) errors.host_user_id = ['kiosk_app.host_required'];
  const values = (await checkCustomFieldValues(tx, entityId, body.custom_fields)) ?? [];
  const required = await tx
    .select({ id: customFields.id, sectionId: customFields.sectionId })
    .from(customFields)
    .where(and(eq(customFields.entityId, entityId), eq(customFields.requiredAtPreRegistration, true)));
  for (const f of required) {
    if (flow.flow.sectionIds.length && !flow.flow.sectionIds.includes(f.sectionId)) continue;
    if (!values.some((v) => v.customFieldId === f.id && v.value !== '')) errors[`custom_fields.${f.id}`] = ['kiosk_app.field_required'];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return values;
}

/**
 * Rule 210 (with 211-212): the flow's entry condition answered; a failed evaluation stops the walk-in before the
 * person is created (the sign-in checks the answers again and keeps them with its scan).
 */
async function checkConditions(tx: Db, entityId: number, journey: KioskJourney, flow: Flow, body: Body) {
  if (!flow.flow.complianceId) return;
  const [current] = await tx
    .select({ v: complianceVersions })
    .from(compliances)
    .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
    .where(and(eq(compliances.id, flow.flow.complianceId), eq(compliances.entityId, entityId), sql`${compliances.deletedAt} is null`));
  if (!current) return;
  if (!body.compliance) throw fieldError('compliance', 'kiosk_app.compliance_required');
  const temperature = body.temperature !== undefined && body.temperature !== null ? (parseTemperature(body.temperature)?.celsius ?? null) : null;
  const ev = evaluateAnswers(current.v.questions, body.compliance.answers, {
    notes: body.notes,
    maskFailed: body.mask === false,
    temperature,
    threshold: temperatureThreshold(journey.journey.temperatureThreshold),
  });
  if (ev.status === 'failed') throw badRequest({ compliance: [ev.reason ?? 'kiosk_app.compliance_failed'] }, 'kiosk_app.compliance_failed');
}

/**
 * A walk-in visitor at the kiosk: checks everything first (flow, details, host, custom fields, entry condition),
 * stores the photo, then in one transaction creates the person with the flow's user type, keeps their custom
 * fields, signs them in at the kiosk's area through the one sign-in use case, ties the visit to the flow and
 * records the entry-condition answers. A user type that needs approval is not signed in: the visit awaits the
 * host (their approval mail and link), and the kiosk answers so (403, rule 155). The same idempotency key again
 * answers the first sign-in (nothing new); with another walk-in's details it answers 409.
 */
export async function walkIn(services: Services, k: DeviceKiosk, body: Body, lang: 'en' | 'ar' | 'es') {
  const db = services.database.db;
  const entityId = k.entity.id;
  const actor = kioskActor(k);
  const areaId = k.area!.id;
  const signBody = (userId: number) => ({
    user_id: userId,
    area_id: areaId,
    kiosk_id: k.kiosk.id,
    action: 'in' as const,
    input_method: 'name' as const,
    temperature: body.temperature,
    mask: body.mask,
    notes: body.notes ?? null,
    host_user_id: body.host_user_id ?? null,
    // The entry condition's answers: the sign-in checks them with the flow and keeps them with the scan.
    compliance: body.compliance,
    idempotency_key: body.idempotency_key,
    at: body.at,
  });

  // The key is bound to this kiosk and the walk-in as sent (issue 16 part 6): another visitor's details with the
  // same key answer 409, never the first visitor's sign-in.
  const bound = body.idempotency_key ? requestHash(`kiosk:${k.kiosk.id}`, body) : undefined;
  // A replayed walk-in (an offline batch sent again): the first sign-in, no second person. The lock makes a
  // concurrent request with the same key wait for the first one's transaction.
  const replay = async (tx: Db) => {
    if (!body.idempotency_key) return null;
    await tx.execute(sql`select pg_advisory_xact_lock(${entityId}, hashtext(${body.idempotency_key}))`);
    const [s] = await tx.select({ userId: scans.userId }).from(scans).where(and(eq(scans.entityId, entityId), eq(scans.idempotencyKey, body.idempotency_key)));
    return s ? signInOut(tx, { outbox: services, actor, body: signBody(s.userId), method: 'name', requestHash: bound }) : null;
  };
  const prior = await withTenant(db, entityId, replay);
  if (prior) return prior;

  const values = await withTenant(db, entityId, async (tx) => {
    const { journey, flow } = await walkInFlow(tx, k, body.journey_flow_id);
    const values = await checkDetails(tx, entityId, flow, body);
    await checkConditions(tx, entityId, journey, flow, body);
    // Rule 171: a person with this e-mail, phone or ID exists: they sign in as themselves (name or QR), not anew.
    await assertUnique(tx, entityId, { email: body.email, phone: body.phone, idNumber: body.id_number }).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 409 ? conflict('kiosk_app.already_registered', err.extra.errors) : err;
    });
    return values;
  });

  const image = body.image ? await storeVisitorPhoto(services.storage, entityId, Buffer.from(body.image.slice(body.image.indexOf(',') + 1), 'base64')) : null;
  let result: SignInOutResult | { awaiting: { visitId: number; approvalToken: string } };
  try {
    result = await withTenant(db, entityId, async (tx): Promise<SignInOutResult | { awaiting: { visitId: number; approvalToken: string } }> => {
      const again = await replay(tx);
      if (again) return again;
      const { flow } = await walkInFlow(tx, k, body.journey_flow_id);
      const [person] = await tx
        .insert(users)
        .values({
          entityId,
          userTypeId: flow.type.id,
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email ?? null,
          phone: body.phone,
          companyName: body.company_name || null,
          idNumber: body.id_number || null,
          image,
          lang: body.lang ?? lang,
        })
        .returning({ id: users.id });
      await writeCustomFieldValues(tx, entityId, person.id, values);
      // A type that needs approval (rule 155): the visit waits for the host, as a pre-registration of it would.
      if (flow.type.registrationMethod === 'approval_required') {
        const awaiting = await expectWalkInForApproval(tx, services.config.secretKey, {
          entityId,
          userId: person.id,
          siteId: k.area!.siteId,
          areaId,
          userTypeId: flow.type.id,
          journeyFlowId: flow.flow.id,
          hostUserId: body.host_user_id ?? null,
          companyName: body.company_name || null,
          image,
          lang: body.lang ?? lang,
          at: body.at ? new Date(body.at) : new Date(),
        });
        return { awaiting };
      }
      const result = await signInOut(tx, { outbox: services, actor, body: signBody(person.id), method: 'name', requestHash: bound });
      await tx.update(visits).set({ journeyFlowId: flow.flow.id, image }).where(and(eq(visits.id, result.visitId), eq(visits.entityId, entityId)));
      return result;
    });
  } catch (err) {
    if (image) await services.storage.remove(image.replace('/api/files/', '')).catch(() => undefined);
    throw err;
  }
  if ('awaiting' in result) {
    await announceAwaitingWalkIn(services, result.awaiting.visitId, result.awaiting.approvalToken);
    // Registered, not signed in: the kiosk says that the visit awaits the host's approval (rule 155), on a screen
    // of its own (the code tells it apart from a refusal).
    throw forbidden('signin.walk_in_awaiting_approval', { code: 'walk_in_awaiting_approval' });
  }
  if (result.replayed && image) await services.storage.remove(image.replace('/api/files/', '')).catch(() => undefined);
  return result;
}
