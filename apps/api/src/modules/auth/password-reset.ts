import type { Language } from '@gatehouse/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accounts, passwordResets } from '../../db/schema/index';
import { hashPassword } from '../../platform/auth/passwords';
import { revokeAllAccess } from '../../platform/auth/sessions';
import { hashToken, inMinutes, newToken, RESET_MINUTES } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { Services } from '../../platform/services';

const MAIL = {
  en: { subject: 'Reset your Gatehouse password', body: 'Someone asked to reset the password of your Gatehouse account. Open this link within one hour to choose a new one:\n\n{link}\n\nIf it was not you, ignore this message: your password stays as it is.' },
  ar: { subject: 'إعادة تعيين كلمة مرور Gatehouse', body: 'طلب شخص ما إعادة تعيين كلمة مرور حسابك في Gatehouse. افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:\n\n{link}\n\nإذا لم تكن أنت، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.' },
  es: { subject: 'Restablece tu contraseña de Gatehouse', body: 'Alguien pidió restablecer la contraseña de tu cuenta de Gatehouse. Abre este enlace antes de una hora para elegir una nueva:\n\n{link}\n\nSi no fuiste tú, ignora este mensaje: tu contraseña no cambia.' },
} as const;

/** Sends a one-hour reset link when the account exists; answers the same either way. */
export async function requestPasswordReset(services: Services, email: string, lang: Language) {
  const db = services.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.email, email.trim().toLowerCase())).limit(1);
  if (!account) return;
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({ tokenHash: hash, accountId: account.id, expiresAt: inMinutes(RESET_MINUTES) });
  const link = `${services.config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
  const m = MAIL[account.lang ?? lang] ?? MAIL.en;
  await services.mail.queue({ to: account.email, subject: m.subject, text: m.body.replace('{link}', link) });
}

export async function resetPassword(db: Db, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning();
    if (!reset) throw new AppError(400, 'auth.reset_invalid', { errors: { token: ['auth.reset_invalid'] } });
    await tx.update(accounts).set({ passwordHash, updatedAt: sql`now()` }).where(eq(accounts.id, reset.accountId));
    // A new password ends every other reset link of the account (older or newer) and every way it was signed in.
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.accountId, reset.accountId), isNull(passwordResets.usedAt)));
    await revokeAllAccess(tx as unknown as Db, reset.accountId);
    return reset.accountId;
  });
}

export { translate };
