import { AppstoreOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { getModelList, type ModelRow, modelListRoot, useSetFullFunction } from '../api/device-models.ts';

/**
 * "Full-function models" on /info/device: which device models are full-function (spec section 9: geo-fence
 * prompts only for them), a switch per model. Shown to the platform's administrators only; the server
 * refuses anyone else's change.
 */
export function FullFunctionButton() {
  const { t } = useTranslation('events');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<AppstoreOutlined />} onClick={() => setOpen(true)} data-testid="full-function-models">
        {t('models.button')}
      </Button>
      <Modal
        open={open}
        title={t('models.title')}
        onCancel={() => setOpen(false)}
        footer={null}
        width={640}
        destroyOnHidden
        className="full-function-dialog"
      >
        <ModelList />
      </Modal>
    </>
  );
}

function ModelList() {
  const { t } = useTranslation('events');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const list = useServerList(modelListRoot, getModelList, keyword ? { Keyword: keyword } : {}, { pageSize: 10 });
  const save = useSetFullFunction();
  return (
    <>
      <p className="muted">{t('models.hint')}</p>
      <PagedTable<ModelRow>
        id="devices.models"
        list={list}
        rowKey="Model"
        size="small"
        toolbar={
          <Input.Search
            allowClear
            placeholder={t('models.search')}
            onSearch={(v) => setKeyword(v.trim())}
            className="full-function-search"
            maxLength={64}
          />
        }
        columns={[
          { key: 'Model', dataIndex: 'Model', title: t('models.model'), width: 260, ellipsis: true },
          { key: 'DeviceCount', dataIndex: 'DeviceCount', title: t('models.devices'), width: 110, align: 'right' },
          {
            key: 'FullFunction',
            dataIndex: 'FullFunction',
            title: t('models.fullFunction'),
            width: 150,
            resizable: false,
            render: (v: boolean, row: ModelRow) => (
              <Switch
                checked={v}
                loading={save.isPending && save.variables?.Model === row.Model}
                aria-label={`${t('models.fullFunction')} ${row.Model}`}
                data-model={row.Model}
                className="full-function-switch"
                onChange={(FullFunction) =>
                  save.mutate(
                    { Model: row.Model, FullFunction },
                    { onSuccess: () => void message.success(t('models.saved')) },
                  )
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}
