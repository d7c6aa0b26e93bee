import { flag } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { complianceVersions, compliances, journeyFlows, journeys } from '../../db/schema/index';
import type { Db } from '../../platform/db/client';
import { complianceDueFor } from '../compliance';

type FlowRow = typeof journeyFlows.$inferSelect;
type JourneyRow = typeof journeys.$inferSelect;

/** What a kiosk or the front desk needs to run a flow: checks, host settings, entry condition and outputs. */
export async function flowSettings(tx: Db, entityId: number, flow: FlowRow, journey: JourneyRow, userId?: number | null) {
  let compliance: { id: number; name: string; version: number; frequency: string; send_before_visit: number | null; reminder_interval: number | null; required: 0 | 1; last_passed_at: string | null } | null = null;
  if (flow.complianceId) {
    const [c] = await tx
      .select({ id: compliances.id, name: compliances.name, version: compliances.version, pcr: complianceVersions.pcrValidDays })
      .from(compliances)
      .innerJoin(complianceVersions, and(eq(complianceVersions.complianceId, compliances.id), eq(complianceVersions.version, compliances.version)))
      .where(and(eq(compliances.id, flow.complianceId), eq(compliances.entityId, entityId)));
    if (c) {
      const due = userId ? await complianceDueFor(tx, entityId, userId, c.id, flow.complianceFrequency, c.pcr) : { due: true, lastPassedAt: null };
      compliance = {
        id: c.id,
        name: c.name,
        version: c.version,
        frequency: flow.complianceFrequency,
        send_before_visit: flow.sendBeforeVisitMinutes,
        reminder_interval: flow.reminderIntervalMinutes,
        required: flag(due.due),
        last_passed_at: due.lastPassedAt?.toISOString() ?? null,
      };
    }
  }
  return {
    journey_id: journey.id,
    journey_flow_id: flow.id,
    user_type_id: flow.userTypeId,
    input_method: flow.inputMethod,
    attendance_mode_id: flow.attendanceModeId ?? journey.attendanceModeId,
    checks: {
      temperature_check: flag(flow.temperatureCheck || journey.temperatureCheck),
      temperature_threshold: journey.temperatureThreshold,
      mask_check: flag(flow.maskCheck || journey.maskCheck),
      host: flag(flow.hostRequired),
      allow_not_select_host: flag(flow.allowNoHost),
      select_host_permitted: flag(flow.hostRequired),
    },
    compliance,
    section_ids: flow.sectionIds,
    feedback: flag(flow.feedback),
    outputs: {
      print_badge: flag(flow.printBadge || journey.printBadge),
      door_relay: flag(flow.doorRelay || journey.doorRelay),
      wiegand_output: flag(flow.wiegandOutput || journey.wiegandOutput),
      facial_recognition: flag(flow.facialRecognition || journey.facialRecognition),
      rfid_scan: flag(flow.rfidScan || journey.rfidScan),
    },
    notification_emails: flow.notificationEmails ? flow.notificationEmails.split(',') : [],
  };
}

/** The steps a visitor meets on a flow, in order (the builder view). */
export function builderSteps(flow: FlowRow, journey: JourneyRow, names: { userType: string | null; compliance: string | null }) {
  const s = (key: string, enabled: boolean, detail: string | null) => ({ key, enabled: flag(enabled), detail });
  const outputs = [
    (flow.printBadge || journey.printBadge) && 'print_badge',
    (flow.doorRelay || journey.doorRelay) && 'door_relay',
    (flow.wiegandOutput || journey.wiegandOutput) && 'wiegand_output',
    (flow.facialRecognition || journey.facialRecognition) && 'facial_recognition',
    (flow.rfidScan || journey.rfidScan) && 'rfid_scan',
  ].filter(Boolean) as string[];
  const checks = [(flow.temperatureCheck || journey.temperatureCheck) && 'temperature', (flow.maskCheck || journey.maskCheck) && 'mask'].filter(Boolean) as string[];
  return [
    s('instruction_screen', !!journey.instructionScreen, journey.instructionScreen),
    s('user_type', true, names.userType),
    s('input_method', true, flow.inputMethod),
    s('checks', checks.length > 0, checks.join(',') || null),
    s('compliance', !!flow.complianceId, names.compliance ? `${names.compliance} (${flow.complianceFrequency})` : null),
    s('section', flow.sectionIds.length > 0, flow.sectionIds.join(',') || null),
    s('host', flow.hostRequired, flow.hostRequired ? (flow.allowNoHost ? 'optional' : 'required') : null),
    s('feedback', flow.feedback, null),
    s('output', outputs.length > 0, outputs.join(',') || null),
    s('notification', !!flow.notificationEmails, flow.notificationEmails),
  ].map((step, i) => ({ step: i + 1, ...step }));
}
