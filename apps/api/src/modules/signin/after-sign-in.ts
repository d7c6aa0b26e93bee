import type { UpdatePayload } from '@gatehouse/contract';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import { AUTO_SIGN_OUT_JOB } from './auto-sign-out';
import type { SignInOutResult } from './sign-in-out';

type Emit = (room: 'entity', id: number, event: 'update', payload: UpdatePayload) => void;

/**
 * What follows a committed sign-in or out: the console hears of the scan live, the host is told of an arrival by
 * mail in their language, and the area's auto sign-out is queued (a job that survives a restart, rule 231).
 */
export async function afterSignIn(services: Services, emit: Emit, entityId: number, result: SignInOutResult) {
  if (result.replayed) return;
  emit('entity', entityId, 'update', { type: 'scan', action: 'created', id: result.scan.id, visit_id: result.visitId, direction: result.action, scan: result.scan });
  if (result.hostMail) {
    const m = result.hostMail;
    const vars = { name: m.name, host: m.host, area: m.area, time: made(m.time) };
    await services.mail.queue({ to: m.to, ...composeMail(m.lang, { subject: 'signin.host_mail_subject', body: 'signin.host_mail_text' }, vars) }).catch(() => undefined);
  }
  if (result.autoSignOut && services.jobs.started) {
    const { entityId: e, visitId, startAfter } = result.autoSignOut;
    await services.jobs.send(AUTO_SIGN_OUT_JOB, { entityId: e, visitId }, { startAfter, singletonKey: `visit-${visitId}` }).catch(() => undefined);
  }
}
