import { CompassOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { TaskRow } from '@lodestar/contract/install';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { mapLinks } from '../map-links.ts';
import { addressOf } from '../task-fields.ts';
import { StatusTag } from './StatusTag.tsx';

/** The task's particulars, and the way to its address in the phone's map app. */
export function TaskSummary({ task }: { task: TaskRow }) {
  const { t } = useTranslation('install-phone');
  const address = addressOf(task);
  const links = mapLinks(address);
  const rows: [string, string][] = [
    [t('task.vin'), task.VIN],
    [t('task.plate'), task.Plate],
    [t('task.expected'), task.ExpectedTime?.slice(0, 16) ?? ''],
    [t('task.project'), task.Project],
    [t('task.agent'), task.Agent],
    [t('task.remark'), task.Remark],
    [t('task.orderNo'), task.OrderNo],
  ];
  return (
    <article className="ip-card ip-summary" data-task={task.TaskID}>
      <div className="ip-card-head">
        <span className="ip-customer">{task.Customer}</span>
        <StatusTag status={task.Status} />
      </div>
      {address ? (
        <div className="ip-line">
          <EnvironmentOutlined className="ip-icon" />
          <span className="ip-address">{address}</span>
        </div>
      ) : null}
      <dl className="ip-fields">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="ip-field">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      {links.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: links.map((l) => ({
              key: l.key,
              label: (
                <a href={l.href} target="_blank" rel="noreferrer" data-map={l.key}>
                  {t(`navigate.${l.key}`)}
                </a>
              ),
            })),
          }}
        >
          <Button block icon={<CompassOutlined />} className="ip-navigate">
            {t('navigate.title')}
          </Button>
        </Dropdown>
      ) : null}
    </article>
  );
}
