import { isAllowed } from '@gatehouse/contract';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';

/** Rule 12: shown instead of the custom-field pages (and sections of the user form) below the professional plan. */
export function PlanNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('custom-fields');
  const canSeeCompany = isAllowed(useSession()?.permissions, 'company_details');
  return (
    <Alert color="yellow" variant="light" icon={<IconLock size={18} aria-hidden />} title={compact ? undefined : t('plan.title')} data-testid="plan-notice">
      <Text size="sm">{compact ? t('plan.compact') : t('plan.body')}</Text>
      {compact || !canSeeCompany ? null : (
        <Anchor component={Link} to="/company" size="sm">
          {t('plan.company')}
        </Anchor>
      )}
    </Alert>
  );
}
