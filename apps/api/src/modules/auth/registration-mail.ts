import type { Language } from '@gatehouse/contract';
import type { Services } from '../../platform/services';

const TEXT = {
  en: {
    subject: 'Welcome to Gatehouse',
    created: 'Your Gatehouse account is ready. Log in at {url}/login to create your organisation or accept an invitation.',
    existing: 'Someone tried to sign up to Gatehouse with this e-mail address, which already has an account. If it was you, log in at {url}/login or reset your password at {url}/forgot-password.',
  },
  ar: {
    subject: 'مرحبًا بك في Gatehouse',
    created: 'حسابك في Gatehouse جاهز. سجّل الدخول من {url}/login لإنشاء مؤسستك أو قبول دعوة.',
    existing: 'حاول شخص ما التسجيل في Gatehouse بهذا البريد الإلكتروني الذي لديه حساب بالفعل. إذا كنت أنت، فسجّل الدخول من {url}/login أو أعد تعيين كلمة المرور من {url}/forgot-password.',
  },
  es: {
    subject: 'Bienvenido a Gatehouse',
    created: 'Tu cuenta de Gatehouse está lista. Inicia sesión en {url}/login para crear tu organización o aceptar una invitación.',
    existing: 'Alguien intentó registrarse en Gatehouse con este correo, que ya tiene una cuenta. Si fuiste tú, inicia sesión en {url}/login o restablece tu contraseña en {url}/forgot-password.',
  },
} as const;

/** Tells the owner of the e-mail what happened, so the API itself never reveals whether it was registered. */
export async function sendRegistrationMail(services: Services, to: string, lang: Language, created: boolean) {
  const m = TEXT[lang] ?? TEXT.en;
  const text = (created ? m.created : m.existing).replaceAll('{url}', services.config.publicUrl);
  await services.mail.queue({ to, subject: m.subject, text });
}
