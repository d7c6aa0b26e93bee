import type { KioskConditionsBody } from '@gatehouse/contract';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { evaluateAnswers } from '../compliance/index';
import { currentCondition } from '../visits';
import type { DeviceKiosk } from './device-kiosk';
import { loadKioskJourney } from './journey';

/**
 * Rules 210-211 asked as the person answers, before the next step (the walk-in's photo, a known person's sign-in):
 * do these answers to the flow's entry condition pass as they stand, and does a wrong answer need a note of at
 * least 20 characters? The passing answers stay on the server; the sign-in evaluates the answers again.
 */
export async function checkConditionAnswers(tx: Db, k: DeviceKiosk, flowId: number, body: KioskConditionsBody) {
  const journey = await loadKioskJourney(tx, k);
  const flow = journey?.flows.find((f) => f.flow.id === flowId);
  if (!flow) throw notFound();
  const condition = await currentCondition(tx, k.entity.id, flow.flow.complianceId);
  if (!condition) return { passed: 1 as const, notes_needed: 0 as const };
  const ev = evaluateAnswers(condition.questions, body.compliance.answers, { notes: body.notes });
  return { passed: ev.status === 'success' ? (1 as const) : (0 as const), notes_needed: ev.isWrong ? (1 as const) : (0 as const) };
}
