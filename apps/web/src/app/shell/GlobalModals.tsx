import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ServerEventPayloads } from '@gatehouse/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { tMessage } from '../../lib/i18n';
import { connectRealtime } from '../../lib/realtime';
import { clearSession, getSession, useSession } from '../../lib/session';
import { EXISTING_PATHS } from '../route-table';
import { ReactivatePassportModal } from './ReactivatePassportModal';
import { refreshSession } from '../../lib/refresh-session';

interface Notice {
  key: string;
  title: string;
  body: React.ReactNode;
  actions: { label: string; onClick?: () => void; primary?: boolean }[];
}

/** Modal show delay (rule 75). */
const SHOW_DELAY = 400;

/** The global modals and notices of rule 61, driven by the real-time events of rules 63-73. */
export function GlobalModals() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;
  const [queue, setQueue] = useState<Notice[]>([]);
  const push = useCallback((n: Notice) => setTimeout(() => setQueue((q) => (q.some((x) => x.key === n.key) ? q : [...q, n])), SHOW_DELAY), []);
  const token = session?.token;
  const entityId = session?.entity?.id;

  useEffect(() => {
    if (!token || !entityId) return;
    const me = () => getSession()?.user.id;
    const support = () => getSession()?.user.is_support === 1;
    const goRoot = () => (where.current === '/' ? window.location.reload() : navigate('/'));
    const list = (names: string[]) => (names.length ? names.join(', ') : t('modals.none'));
    return connectRealtime(token, entityId, {
      pongUpdateUserRole: (p: ServerEventPayloads['pongUpdateUserRole']) => {
        if (p.updated_by === me() || p.user_id !== me()) return; // rule 68: not for the admin who made the change
        void refreshSession().catch(() => undefined);
        push({
          key: `role-${Date.now()}`,
          title: t('modals.permissions_title'),
          body: (
            <Stack gap={4}>
              <Text>{t('modals.permissions_role', { old: p.oldRole ?? '—', new: p.newRole ?? '—' })}</Text>
              <Text size="sm">{t('modals.permissions_sites', { names: list(p.siteNames) })}</Text>
              <Text size="sm">{t('modals.permissions_user_types', { names: list(p.userTypeNames) })}</Text>
            </Stack>
          ),
          actions: [{ label: t('modals.ok'), primary: true, onClick: goRoot }],
        });
      },
      update: (p: ServerEventPayloads['update']) => {
        if (p.action !== 'created' || (p.type !== 'site' && p.type !== 'user_type')) return;
        if ((p as { created_by_id?: number }).created_by_id === me()) return;
        const title = p.type === 'site' ? t('modals.site_created') : t('modals.user_type_created');
        push({ key: `created-${p.type}-${String(p.name)}`, title, body: <Text>{t('modals.created_by', { name: String(p.name), admin: String(p.created_by) })}</Text>, actions: [{ label: t('modals.ok'), primary: true }] });
      },
      pongUpdateEntityPackage: (p) => packageNotice(p, p.action === 'upgrade' ? 'upgraded' : 'downgraded'),
      // A plan changed within the package (Lite, Professional, Enterprise) is neither an upgrade to Cloud nor a
      // downgrade to Standalone: "Package changed", naming the plan (rule 72).
      pongUpdateEntityPlan: (p) => packageNotice(p, 'changed'),
      pongStartSessionDiffAdmin: (p) => {
        if (p.user_id === me()) return; // for the other admins: the one who started it is on its page already
        const to = `/emergency-sessions/${encodeURIComponent(p.sessionName)}/${p.sessionId}`;
        const canJoin = EXISTING_PATHS.has('/emergency-sessions/:sessionName/:sessionId');
        push({
          key: `em-start-${p.sessionId}`,
          title: t('modals.session_started'),
          body: <Text>{t('modals.session_started_text', { name: p.sessionName, admin: p.userName || p.user?.fullName })}</Text>,
          actions: [...(canJoin ? [{ label: t('modals.join'), primary: true, onClick: () => navigate(to) }] : []), { label: t('modals.dismiss') }],
        });
      },
      pongEndSessionDiffAdmin: (p) => {
        if ((p.userIdEnded ?? p.user_id) === me()) return;
        const onList = where.current === '/emergency-sessions';
        const canView = EXISTING_PATHS.has('/emergency-sessions');
        push({
          key: `em-end-${p.sessionId}`,
          title: t('modals.session_ended'),
          body: <Text>{t('modals.session_ended_text', { name: p.sessionName, admin: p.userName || p.user?.fullName })}</Text>,
          actions: onList
            ? [{ label: t('modals.okay'), primary: true }]
            : [...(canView ? [{ label: t('modals.view'), primary: true, onClick: () => navigate('/emergency-sessions') }] : []), { label: t('modals.dismiss') }],
        });
      },
      updateEntityTwoStepAuth: (p) => {
        if (p.updated_by === me()) return;
        void refreshSession().catch(() => undefined);
        const s = getSession();
        const mustEnable = !!s?.role && (p.otp_roles ?? []).includes(s.role.id) && s.user.is_otp_enabled !== 1;
        push({
          key: `policy-${Date.now()}`,
          title: t('modals.policy_title'),
          body: <Text>{mustEnable ? t('modals.policy_enable') : t('modals.policy_text')}</Text>,
          actions: [{ label: mustEnable && EXISTING_PATHS.has('/passport') ? t('modals.go_passport') : t('modals.ok'), primary: true, onClick: mustEnable ? () => navigate('/passport') : undefined }],
        });
      },
      updateUserTwoStepAuth: (p) => {
        if (p.isOtpEnabled !== 1) return;
        // rule 85: enabling two-step logs the user out everywhere
        clearSession();
        navigate('/login', { state: { notice: tMessage('auth.otp_enabled') } });
      },
    });

    function packageNotice(p: ServerEventPayloads['pongUpdateEntityPackage'], kind: 'upgraded' | 'downgraded' | 'changed') {
      if (support()) return; // rule 74
      void refreshSession().catch(() => undefined);
      const plan = t([`modals.plan_${p.entityPlan}`, 'modals.plan_unknown']);
      push({ key: `package-${Date.now()}`, title: t(`modals.package_${kind}`), body: <Text>{t(`modals.package_${kind}_text`, { plan })}</Text>, actions: [{ label: t('modals.ok'), primary: true, onClick: goRoot }] });
    }
  }, [token, entityId, navigate, push, t]);

  const current = queue[0];
  const close = (action?: () => void) => {
    setQueue((q) => q.slice(1));
    action?.();
  };
  return (
    <>
      <Modal opened={!!current} onClose={() => close()} title={current?.title} centered closeButtonProps={{ 'aria-label': t('modals.close') }}>
        {current ? (
          <Stack>
            {current.body}
            <Group justify="flex-end">
              {current.actions.map((a) => (
                <Button key={a.label} variant={a.primary ? 'filled' : 'default'} onClick={() => close(a.onClick)}>
                  {a.label}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <ReactivatePassportModal />
    </>
  );
}
