import { flag } from '@gatehouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { complianceVersions, compliances, type journeys, type userTypes } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import type { FlowType } from './link';

type Journey = typeof journeys.$inferSelect;
type UserType = typeof userTypes.$inferSelect;

/** Input methods by which a person is recognised without the mail's QR code (their card or their face). */
const NO_QR_INPUT = new Set(['rfid', 'face_id']);

/**
 * Rule 133's flags for a visitor of this flow, read from the journey, the flow and the user type:
 * - photo: the user type asks for a profile photo (rule 194, or `photo` among its mandatory data), or the
 *   journey or flow recognises faces (a face needs a photo);
 * - QR: the confirmation mail carries the visit's QR code unless the flow recognises people by card or face;
 * - face ID and RFID: the journey's or the flow's outputs; entry conditions: the flow has one;
 * - kiosk screen: the journey runs on a touch kiosk; switching: the user type lets people switch (rule 193).
 */
export function preRegFlags(journey: Journey, { flow, type }: FlowType) {
  const faceId = flow.facialRecognition || journey.facialRecognition;
  return {
    is_image_required: flag(type.profilePhoto || type.mandatoryData.includes('photo') || faceId),
    is_qr_included: flag(!NO_QR_INPUT.has(flow.inputMethod)),
    is_face_id_included: flag(faceId),
    is_rfid_included: flag(flow.rfidScan || journey.rfidScan),
    is_compliance_required: flag(!!flow.complianceId),
    is_using_kiosk_screen: flag(journey.touchMode),
    enable_switch_usertype: flag(type.allowSwitch),
  };
}

/** Details the user type makes mandatory beyond the form's own (first and last name, e-mail, phone). */
export const mandatoryDetails = (type: UserType) => type.mandatoryData.filter((m): m is 'company_name' | 'id_number' => m === 'company_name' || m === 'id_number');

/** Rule 197's host step: is a host asked, may the visitor go without one (rule 194's allowNotSelectHost). */
export const hostStep = (flow: FlowType['flow']) => ({ asked: flow.hostRequired, optional: !flow.hostRequired || flow.allowNoHost });

/**
 * Rules 137 and 193: a person registered with another user type may take this one only when their current type
 * lets people switch, never from a staff type to a non-staff one, and never a console user (a person with a role).
 * A person without a type may take any type the link offers.
 */
export function canSwitchType(person: { roleId: number | null; userTypeId: number | null }, from: Pick<UserType, 'allowSwitch' | 'isStaff'> | null, to: Pick<UserType, 'id' | 'isStaff'>) {
  if (person.userTypeId === to.id) return true;
  if (person.roleId) return false;
  if (!person.userTypeId || !from) return true;
  return from.allowSwitch && !(from.isStaff && !to.isStaff);
}

/** The flow's entry condition at its current version (questions with their passing answers), or null. */
export async function currentCondition(tx: Db, entityId: number, complianceId: number | null) {
  if (!complianceId) return null;
  const [row] = await tx
    .select({ v: complianceVersions })
    .from(compliances)
    .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
    .where(and(eq(compliances.id, complianceId), eq(compliances.entityId, entityId), isNull(compliances.deletedAt)));
  return row?.v ?? null;
}
