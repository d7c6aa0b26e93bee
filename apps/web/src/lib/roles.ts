import { ROLE_KEYS, ROLE_NAMES } from '@gatehouse/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The key of a default role from its name as created (rule 1), null for a name an administrator wrote. */
export const defaultRoleKey = (name: string) => ROLE_KEYS.find((k) => ROLE_NAMES[k] === name.trim().toLowerCase()) ?? null;

/** A role's name as the reader reads it: the four default roles translated by key, other names as written. */
export function useRoleName() {
  const { t } = useTranslation('common');
  return useCallback((name: string | null | undefined) => {
    if (!name) return '';
    const key = defaultRoleKey(name);
    return key ? t(`roles.${key}`) : name;
  }, [t]);
}
