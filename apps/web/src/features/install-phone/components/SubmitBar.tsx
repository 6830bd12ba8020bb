import { type SubmitBlocker, TaskStatus } from '@lodestar/domain';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTransition } from '../api/tasks.ts';

/** Submit for approval, kept at the thumb's reach; disabled with the reasons until the proof is there. */
export function SubmitBar({ taskId, blockers }: { taskId: number; blockers: SubmitBlocker[] }) {
  const { t } = useTranslation('install-phone');
  const { message, modal } = App.useApp();
  const move = useTransition(taskId);
  const submit = () =>
    modal.confirm({
      title: t('actions.submit'),
      content: t('actions.submitConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        await move.mutateAsync({ To: TaskStatus.WaitingApproval });
        message.success(t('actions.submitted'));
      },
    });
  return (
    <div className="ip-submit-bar">
      {blockers.length > 0 ? (
        <div className="ip-blockers" role="status">
          <span>{t('blockers.title')}</span>
          <ul>
            {blockers.map((b) => (
              <li key={b} data-blocker={b}>
                {t(`blockers.${b}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button
        type="primary"
        size="large"
        block
        disabled={blockers.length > 0}
        loading={move.isPending}
        onClick={submit}
        className="ip-submit"
      >
        {t('actions.submit')}
      </Button>
    </div>
  );
}
