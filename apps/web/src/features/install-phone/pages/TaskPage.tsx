import { LeftOutlined } from '@ant-design/icons';
import { INSTALL_PHOTO, submitBlockers, TaskStatus } from '@lodestar/domain';
import { Alert, App, Button, Empty, Input, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type TaskDetail, useTask, useTransition } from '../api/tasks.ts';
import { AddDeviceForm } from '../components/AddDeviceForm.tsx';
import { InstallInfoCard } from '../components/InstallInfoCard.tsx';
import { PhotoPicker } from '../components/PhotoPicker.tsx';
import { PhotoThumbs } from '../components/PhotoThumbs.tsx';
import { SubmitBar } from '../components/SubmitBar.tsx';
import { TaskSummary } from '../components/TaskSummary.tsx';

/** How often a working task's devices are asked again: a tracker reports every 10–30 s once powered. */
const POLL_MS = 4000;

/** The reason of the last rejection, shown while the task is back with the installer. */
const lastRejection = (d: TaskDetail): string | null => {
  const entry = [...d.Log].reverse().find((l) => l.From === TaskStatus.WaitingApproval && l.To === TaskStatus.Working);
  return entry ? entry.Remark || '—' : null;
};

function StateBanner({ detail }: { detail: TaskDetail }) {
  const { t } = useTranslation('install-phone');
  const s = detail.Task.Status;
  if (s === TaskStatus.WaitingConfirm) return <Alert type="warning" showIcon title={t('state.waitingConfirm')} />;
  if (s === TaskStatus.WaitingApproval) return <Alert type="info" showIcon title={t('state.waitingApproval')} />;
  if (s === TaskStatus.Completed)
    return <Alert type="success" showIcon title={t('state.completed', { time: detail.Task.CheckTime ?? '' })} />;
  if (s === TaskStatus.Cancelled) return <Alert type="error" showIcon title={t('state.cancelled')} />;
  const rejected = s === TaskStatus.Working ? lastRejection(detail) : null;
  return rejected ? <Alert type="error" showIcon title={t('state.rejected', { reason: rejected })} /> : null;
}

/** Accept or decline (with a reason) a task waiting for the installer. */
function ConfirmActions({ taskId, moves }: { taskId: number; moves: number[] }) {
  const { t } = useTranslation('install-phone');
  const { message } = App.useApp();
  const move = useTransition(taskId);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const decline = async () => {
    if (!reason.trim()) return setReasonError(true);
    await move.mutateAsync({ To: TaskStatus.Created, Remark: reason.trim() });
    setDeclining(false);
    message.success(t('actions.declined'));
  };
  return (
    <div className="ip-confirm-actions">
      {moves.includes(TaskStatus.Working) ? (
        <Button
          type="primary"
          size="large"
          block
          className="ip-accept"
          loading={move.isPending && move.variables?.To === TaskStatus.Working}
          onClick={() =>
            move.mutate({ To: TaskStatus.Working }, { onSuccess: () => void message.success(t('actions.accepted')) })
          }
        >
          {t('actions.accept')}
        </Button>
      ) : null}
      {moves.includes(TaskStatus.Created) ? (
        <Button size="large" block danger className="ip-decline" onClick={() => setDeclining(true)}>
          {t('actions.decline')}
        </Button>
      ) : null}
      <Modal
        open={declining}
        title={t('actions.declineTitle')}
        okText={t('actions.decline')}
        okButtonProps={{ danger: true, loading: move.isPending }}
        cancelText={t('common:cancel')}
        onOk={() => void decline().catch(() => undefined)}
        onCancel={() => setDeclining(false)}
        className="ip-decline-modal"
      >
        <label className="ip-label" htmlFor="ip-decline-reason">
          {t('actions.declineReason')}
        </label>
        <Input.TextArea
          id="ip-decline-reason"
          rows={3}
          maxLength={200}
          value={reason}
          status={reasonError ? 'error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(false);
          }}
        />
        {reasonError ? <div className="ip-field-error">{t('actions.declineReasonRequired')}</div> : null}
      </Modal>
    </div>
  );
}

/** One task on the phone: accept it, fit and prove the devices, photograph them, submit. */
export default function TaskPage() {
  const { t } = useTranslation('install-phone');
  const taskId = Number(useParams().taskId) || 0;
  const task = useTask(taskId, POLL_MS);
  const d = task.data;

  const back = (
    <Link to="/installer" className="ip-back">
      <LeftOutlined /> {t('task.back')}
    </Link>
  );
  if (task.isPending)
    return (
      <section className="ip-page">
        {back}
        <div className="ip-loading">
          <Spin />
        </div>
      </section>
    );
  if (!d)
    return (
      <section className="ip-page">
        {back}
        <Empty className="ip-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.notFound')} />
      </section>
    );

  const status = d.Task.Status;
  const editable = d.CanEditInstall;
  const devices = new Map(d.Devices.map((dev) => [dev.DeviceID, dev]));
  const atInfo = (deviceId: string, position: number) =>
    d.Photos.filter((p) => p.DeviceID === deviceId && p.Position === position);
  const claimed = new Set(d.Infos.flatMap((i) => atInfo(i.DeviceID, i.Position).map((p) => p.PhotoID)));
  const general = d.Photos.filter((p) => !claimed.has(p.PhotoID));
  const proven = d.Devices.filter((dev) => dev.Proven).length;
  const blockers = submitBlockers({ provenDevices: proven, photos: d.Photos.length });

  return (
    <section className={`ip-page ip-task${status === TaskStatus.Working ? ' ip-has-submit' : ''}`} data-status={status}>
      {back}
      <TaskSummary task={d.Task} />
      <StateBanner detail={d} />
      {status === TaskStatus.WaitingConfirm ? <ConfirmActions taskId={taskId} moves={d.Moves} /> : null}
      {status !== TaskStatus.WaitingConfirm ? (
        <>
          <h2 className="ip-section-title">
            {t('devices.title')} <span className="ip-count">{d.Infos.length}</span>
          </h2>
          {d.Infos.length === 0 ? <div className="ip-none">{t('devices.empty')}</div> : null}
          {d.Infos.map((info) => (
            <InstallInfoCard
              key={info.InfoID}
              info={info}
              device={devices.get(info.DeviceID)}
              photos={atInfo(info.DeviceID, info.Position)}
              taskPhotos={d.Photos.length}
              taskId={taskId}
              editable={editable}
            />
          ))}
          {editable ? <AddDeviceForm taskId={taskId} /> : null}
          {editable || general.length > 0 ? (
            <article className="ip-card ip-general-photos">
              <div className="ip-photos-head">
                <span className="ip-card-title">{t('photos.general')}</span>
                <span className="ip-muted ip-photo-count">
                  {t('photos.count', { count: d.Photos.length, max: INSTALL_PHOTO.perTask })}
                </span>
              </div>
              {editable ? (
                <div className="ip-muted ip-rules">
                  {t('photos.rules', { perTask: INSTALL_PHOTO.perTask, perPosition: INSTALL_PHOTO.perPosition })}
                </div>
              ) : null}
              <PhotoThumbs photos={general} taskId={taskId} editable={editable} />
              {editable ? <PhotoPicker taskId={taskId} stored={{ task: d.Photos.length, position: null }} /> : null}
            </article>
          ) : null}
        </>
      ) : null}
      {status === TaskStatus.Working && d.Moves.includes(TaskStatus.WaitingApproval) ? (
        <SubmitBar taskId={taskId} blockers={blockers} />
      ) : null}
    </section>
  );
}
