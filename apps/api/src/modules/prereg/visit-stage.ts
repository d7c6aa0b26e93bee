import type { JourneyStageValue } from '../../db/schema/index';

export type ApprovalState = 'not_required' | 'pending' | 'approved' | 'rejected';
/** The visit's entry condition: none on its flow, not answered yet, passed or failed (rules 210-212). */
export type ConditionState = 'none' | 'pending' | 'passed' | 'failed';

/** Rule 152: the visit's journey stage from its approval (rule 155) and its entry condition. */
export function journeyStageOf(approval: ApprovalState, condition: ConditionState): JourneyStageValue {
  if (approval === 'rejected') return 'rejected_by_admin';
  if (approval === 'pending') return condition === 'failed' ? 'awaiting_admin_approval_compliance_failed' : 'awaiting_admin_approval';
  if (approval === 'approved') return 'approved_by_admin';
  if (condition === 'pending') return 'compliance_pending';
  if (condition === 'failed') return 'compliance_failed';
  return 'ready_to_sign_in';
}
