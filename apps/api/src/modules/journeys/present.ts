import { type Flow, type Journey, flag } from '@gatehouse/contract';
import type { journeyFlows, journeys } from '../../db/schema/index';

type JourneyRow = typeof journeys.$inferSelect;
type FlowRow = typeof journeyFlows.$inferSelect;

export function presentJourney(j: JourneyRow, sites: { id: number; name: string }[], flowsCount = 0): Journey {
  return {
    id: j.id,
    journey_id: j.id,
    entity_id: j.entityId,
    name: j.name,
    description: j.description,
    logo: j.logo,
    sites,
    site_ids: sites.map((s) => s.id),
    touch_mode: flag(j.touchMode),
    quickpass_user_type_id: j.quickpassUserTypeId,
    instruction_screen: j.instructionScreen,
    shown_user_type_ids: j.shownUserTypeIds,
    covid_column_name: j.covidColumnName,
    name_matching: j.nameMatching,
    attendance_mode_id: j.attendanceModeId,
    print_badge: flag(j.printBadge),
    door_relay: flag(j.doorRelay),
    wiegand_output: flag(j.wiegandOutput),
    facial_recognition: flag(j.facialRecognition),
    rfid_scan: flag(j.rfidScan),
    temperature_check: flag(j.temperatureCheck),
    temperature_threshold: j.temperatureThreshold,
    mask_check: flag(j.maskCheck),
    flows_count: flowsCount,
    created_at: j.createdAt.toISOString(),
    updated_at: j.updatedAt.toISOString(),
  };
}

export function presentFlow(f: FlowRow, names: { journey: string; userType: string | null; compliance: string | null }): Flow {
  return {
    id: f.id,
    journey_flow_id: f.id,
    journey_id: f.journeyId,
    journey_name: names.journey,
    entity_id: f.entityId,
    name: f.name,
    description: f.description,
    user_type_id: f.userTypeId,
    user_type_name: names.userType,
    input_method: f.inputMethod,
    temperature_check: flag(f.temperatureCheck),
    mask_check: flag(f.maskCheck),
    compliance_id: f.complianceId,
    compliance_name: names.compliance,
    compliance_frequency: f.complianceFrequency,
    send_before_visit: f.sendBeforeVisitMinutes,
    reminder_interval: f.reminderIntervalMinutes,
    section_ids: f.sectionIds,
    feedback: flag(f.feedback),
    print_badge: flag(f.printBadge),
    door_relay: flag(f.doorRelay),
    wiegand_output: flag(f.wiegandOutput),
    facial_recognition: flag(f.facialRecognition),
    rfid_scan: flag(f.rfidScan),
    host: flag(f.hostRequired),
    allow_no_host: flag(f.allowNoHost),
    host_user_type_ids: f.hostUserTypeIds,
    notification_emails: f.notificationEmails,
    attendance_mode_id: f.attendanceModeId,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
