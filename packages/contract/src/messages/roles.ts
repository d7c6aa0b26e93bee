export const roles = {
  en: { 'roles.updated': 'Permissions updated.', 'roles.own_role': 'You cannot change the permissions of your own role.' },
  ar: { 'roles.updated': 'تم تحديث الصلاحيات.', 'roles.own_role': 'لا يمكنك تغيير صلاحيات دورك أنت.' },
  es: { 'roles.updated': 'Permisos actualizados.', 'roles.own_role': 'No puede cambiar los permisos de su propio rol.' },
} as const;
