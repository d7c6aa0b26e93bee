import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';
import { defaultRoleKey, useRoleName } from './roles';

beforeAll(() => initI18n('en'));
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

describe('role names (issue 15 part 7)', () => {
  it('translates the four default roles by key and shows other names as written', async () => {
    expect(defaultRoleKey('employee with reporting')).toBe('employee_reporting');
    expect(defaultRoleKey('Caretakers')).toBeNull();
    for (const [lang, admin, warden] of [['ar', 'مسؤول', 'مراقب الحريق'], ['es', 'Administrador', 'Responsable de incendios'], ['en', 'Administrator', 'Fire warden']] as const) {
      await i18n.changeLanguage(lang);
      const { result } = renderHook(() => useRoleName(), { wrapper });
      expect([result.current('admin'), result.current('fire warden'), result.current('Caretakers'), result.current(null)]).toEqual([admin, warden, 'Caretakers', '']);
    }
  });
});
