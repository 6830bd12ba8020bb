import '../work-orders.css';
import { AuditOutlined } from '@ant-design/icons';
import { Fn } from '@lodestar/domain';
import { Badge, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '../../../layouts/use-workspace.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { useWorkCount } from '../api/get-work-count.ts';

const WorkOrderDialog = lazy(() => import('./WorkOrderDialog.tsx'));

/**
 * The header's pending work orders (spec section 3, msgNumber) in the SIM workspace, for reviewers
 * (audit) and applicants (SIM business); a click opens the approval dialog.
 */
export function WorkCountButton() {
  const { t } = useTranslation('work-orders');
  const funs = useFunctionSet();
  const { current } = useWorkspace();
  const visible = current === 'sim' && (funs.has(Fn.audit) || funs.has(Fn.simBusiness));
  const count = useWorkCount(visible);
  const msgNumber = useSession((s) => s.msgNumber);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's animation.
  const [mounted, setMounted] = useState(false);
  if (!visible) return null;

  const label = t('pending', { n: msgNumber });
  return (
    <>
      <Tooltip title={label}>
        <button
          type="button"
          className="plain-button header-tool work-count"
          data-count={msgNumber}
          aria-label={label}
          onClick={() => {
            setMounted(true);
            setOpen(true);
            void count.refetch();
          }}
        >
          <Badge count={msgNumber} size="small" overflowCount={999} offset={[4, -2]}>
            <AuditOutlined className="work-count-icon" />
          </Badge>
          <span className="work-count-label">{t('workOrders')}</span>
        </button>
      </Tooltip>
      {mounted ? (
        <Suspense fallback={null}>
          <WorkOrderDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
