import type { TaskDetail } from '@lodestar/contract/install';
import { TaskStatus } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Space, Spin, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoThumbs } from '../../install-phone/components/PhotoThumbs.tsx';
import { StatusTag } from '../../install-phone/components/StatusTag.tsx';
import '../../install-phone/install-phone.css';
import { assignTask, moveTask, taskDetailKey, useTaskDetail } from '../api/tasks.ts';
import { FixesMap } from './FixesMap.tsx';
import { InstallerSelect } from './InstallerSelect.tsx';

/** The moves a desktop user makes, as buttons (the installer's own are on its phone view). */
const BUTTONS: { to: number; from?: number; key: string; danger?: boolean; reason?: boolean }[] = [
  { to: TaskStatus.Completed, key: 'approve' },
  { to: TaskStatus.Working, from: TaskStatus.WaitingApproval, key: 'reject', danger: true, reason: true },
  { to: TaskStatus.Cancelled, key: 'cancel', danger: true },
];

function Actions({ detail, onChanged }: { detail: TaskDetail; onChanged: () => void }) {
  const { t } = useTranslation('install');
  const { message, modal } = App.useApp();
  const [reasonFor, setReasonFor] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [assigning, setAssigning] = useState(false);
  const [installer, setInstaller] = useState<number | undefined>();
  const task = detail.Task;
  const move = async (to: number, remark?: string) => {
    await moveTask({ TaskID: task.TaskID, To: to as TaskStatus, ...(remark ? { Remark: remark } : {}) });
    void message.success(t('drawer.done'));
    onChanged();
  };
  const shown = BUTTONS.filter((b) => detail.Moves.includes(b.to) && (b.from === undefined || b.from === task.Status));
  const canAssign = task.Status === TaskStatus.Created || task.Status === TaskStatus.WaitingConfirm;
  return (
    <Space wrap>
      {canAssign && detail.Moves.includes(TaskStatus.Cancelled) ? (
        <Button onClick={() => setAssigning(true)} data-testid="task-assign">
          {t('drawer.assign')}
        </Button>
      ) : null}
      {shown.map((b) => (
        <Button
          key={b.key}
          type={b.danger ? 'default' : 'primary'}
          danger={b.danger}
          data-testid={`task-${b.key}`}
          onClick={() => {
            if (b.reason) {
              setReason('');
              setReasonFor(b.to);
              return;
            }
            modal.confirm({
              title: t(`drawer.${b.key}Confirm`),
              okText: t(`drawer.${b.key}`),
              cancelText: t('common:cancel'),
              onOk: () => move(b.to),
            });
          }}
        >
          {t(`drawer.${b.key}`)}
        </Button>
      ))}
      <Modal
        open={reasonFor !== null}
        title={t('drawer.rejectTitle')}
        okText={t('drawer.reject')}
        cancelText={t('common:cancel')}
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
        onCancel={() => setReasonFor(null)}
        onOk={async () => {
          await move(reasonFor!, reason.trim());
          setReasonFor(null);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('drawer.reason')} required>
            <Input.TextArea rows={4} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={assigning}
        title={t('drawer.assign')}
        okText={t('drawer.assign')}
        cancelText={t('common:cancel')}
        okButtonProps={{ disabled: !installer }}
        onCancel={() => setAssigning(false)}
        onOk={async () => {
          await assignTask({ TaskID: task.TaskID, InstallerID: installer! });
          setAssigning(false);
          onChanged();
        }}
        destroyOnHidden
      >
        <InstallerSelect value={installer} onChange={setInstaller} className="install-assign-select" />
      </Modal>
    </Space>
  );
}

/** A task's detail: fields, moves (approve, reject with a reason, cancel, assign), log, install infos, photos, fixes. */
export function TaskDrawer({
  taskId,
  onClose,
  onChanged,
}: {
  taskId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('install');
  const client = useQueryClient();
  const detail = useTaskDetail(taskId);
  const d = detail.data;
  const changed = () => {
    void client.invalidateQueries({ queryKey: taskDetailKey(taskId ?? 0) });
    onChanged();
  };
  const statusText = (s: number | null) => (s === null ? t('drawer.created') : t(`install-phone:status.${s}`));
  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      size={760}
      title={d ? `${t('task.orderNo')} ${d.Task.OrderNo}` : t('menu:task')}
      extra={d ? <Actions detail={d} onChanged={changed} /> : null}
      destroyOnHidden
      data-testid="task-drawer"
    >
      {!d ? (
        <Spin />
      ) : (
        <div className="install-drawer">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('task.status')}>
              <StatusTag status={d.Task.Status} />
              {d.Task.Rejections ? <Tag color="red">{t('drawer.rejections', { count: d.Task.Rejections })}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('task.installer')}>
              {d.Task.InstallerName ? `${d.Task.InstallerName} ${d.Task.InstallerPhone}` : '–'}
            </Descriptions.Item>
            <Descriptions.Item label={t('task.customer')}>{d.Task.Customer}</Descriptions.Item>
            <Descriptions.Item label={t('task.vin')}>{d.Task.VIN}</Descriptions.Item>
            <Descriptions.Item label={t('task.address')}>{d.Task.Address || '–'}</Descriptions.Item>
            <Descriptions.Item label={t('task.project')}>{d.Task.Project || '–'}</Descriptions.Item>
            <Descriptions.Item label={t('task.agent')}>{d.Task.Agent || '–'}</Descriptions.Item>
            <Descriptions.Item label={t('task.expected')}>{d.Task.ExpectedTime ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('task.start')}>{d.Task.StartTime ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('task.end')}>{d.Task.EndTime ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('task.check')}>{d.Task.CheckTime ?? '–'}</Descriptions.Item>
          </Descriptions>

          <h4 className="install-h">{t('drawer.devices')}</h4>
          {d.Devices.length ? (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="DeviceID"
                dataSource={d.Devices}
                columns={[
                  { key: 'id', dataIndex: 'DeviceID', title: t('drawer.device') },
                  {
                    key: 'online',
                    title: t('drawer.online'),
                    render: (_v, r) => (
                      <Space size={4}>
                        <Tag color={r.Online ? 'green' : 'default'}>
                          {t(r.Online ? 'drawer.isOnline' : 'drawer.offline')}
                        </Tag>
                        {r.Proven ? <Tag color="blue">{t('drawer.proven')}</Tag> : null}
                      </Space>
                    ),
                  },
                  { key: 'fix', title: t('drawer.lastFix'), render: (_v, r) => r.LastFix?.Time ?? '–' },
                ]}
              />
              <FixesMap devices={d.Devices} />
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noDevices')} />
          )}

          <h4 className="install-h">{t('drawer.infos')}</h4>
          <Table
            size="small"
            pagination={false}
            rowKey="InfoID"
            dataSource={d.Infos}
            locale={{ emptyText: t('table:empty') }}
            columns={[
              { key: 'id', dataIndex: 'DeviceID', title: t('drawer.device') },
              {
                key: 'pos',
                dataIndex: 'Position',
                title: t('drawer.position'),
                render: (v: number) => t(`install-phone:position.${v}`),
              },
              { key: 'people', dataIndex: 'People', title: t('drawer.people') },
              { key: 'time', dataIndex: 'Time', title: t('drawer.time') },
            ]}
          />

          <h4 className="install-h">{t('drawer.photos', { count: d.Photos.length })}</h4>
          {d.Photos.length ? (
            <PhotoThumbs photos={d.Photos} taskId={d.Task.TaskID} editable={false} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noPhotos')} />
          )}

          <h4 className="install-h">{t('drawer.log')}</h4>
          <Timeline
            items={d.Log.map((l) => ({
              key: l.LogID,
              content: (
                <div>
                  <div>
                    {l.Time} · {l.UserName}
                  </div>
                  <div>
                    {l.From === null ? statusText(null) : `${statusText(l.From)} → ${statusText(l.To)}`}
                    {l.Remark ? <span className="muted"> — {l.Remark}</span> : null}
                  </div>
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Drawer>
  );
}
