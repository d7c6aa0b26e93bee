import type { UpdatePayload } from '@gatehouse/contract';
import type { Services } from '../../platform/services';
import type { SignInOutResult } from './sign-in-out';

type Emit = (room: 'entity', id: number, event: 'update', payload: UpdatePayload) => void;

/**
 * What follows a COMMITTED sign-in or out: the console hears of the scan live. (The host's mail and the auto
 * sign-out job are queued inside the sign-in's own transaction: sign-in-out.ts.)
 */
export async function afterSignIn(_services: Services, emit: Emit, entityId: number, result: SignInOutResult) {
  if (result.replayed) return;
  emit('entity', entityId, 'update', { type: 'scan', action: 'created', id: result.scan.id, visit_id: result.visitId, direction: result.action, scan: result.scan });
}
