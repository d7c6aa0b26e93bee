/** Messages of the kiosk app's own calls. */
export const kioskApp = {
  en: {
    'kiosk_app.search_min': 'Type at least 2 letters of the name.',
    'kiosk_app.no_area': 'This kiosk has no area yet: ask an administrator to place it.',
    'kiosk_app.device_token': 'This kiosk is not registered (or was deregistered).',
    'kiosk_app.badge_default_user': 'No badge is printed for members of the organisation.',
  },
  ar: {
    'kiosk_app.search_min': 'اكتب حرفين على الأقل من الاسم.',
    'kiosk_app.no_area': 'لم يُحدَّد لهذا الكشك موقع بعد: اطلب من المسؤول تعيينه.',
    'kiosk_app.device_token': 'هذا الكشك غير مسجل (أو أُلغي تسجيله).',
    'kiosk_app.badge_default_user': 'لا تُطبع شارة لأعضاء المؤسسة.',
  },
  es: {
    'kiosk_app.search_min': 'Escriba al menos 2 letras del nombre.',
    'kiosk_app.no_area': 'Este quiosco aún no tiene zona: pida a un administrador que lo ubique.',
    'kiosk_app.device_token': 'Este quiosco no está registrado (o se dio de baja).',
    'kiosk_app.badge_default_user': 'No se imprime credencial para los miembros de la organización.',
  },
};
