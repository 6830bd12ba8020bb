import { DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { FormModal, useConfirmDelete } from '../../../components/table/index.ts';
import { type HoldNode, useLeftHold } from '../../holds/api/get-left-hold.ts';
import { holdIcon, holdTypeKey } from '../../holds/components/hold-icons.tsx';
import '../accounts.css';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { addHold, HOLD_KEY, modifyHold, moveHold, removeHold } from '../api/holds.ts';
import { type HoldForm, HoldFormFields } from '../components/HoldFormFields.tsx';
import { allHoldIds, indexHolds } from '../hold-tree.ts';

type Dialog = 'add' | 'edit' | 'move' | null;

const toTree = (nodes: readonly HoldNode[], roots: boolean): TreeDataNode[] =>
  nodes.map((h) => ({
    key: h.HoldID,
    title: h.HoldName,
    icon: holdIcon(h.HoldType),
    // The unit one stands in cannot be moved (the server refuses it too).
    draggable: !roots,
    children: h.Children?.length ? toTree(h.Children, false) : [],
  }));

/** account/hold: the customer tree with add, rename, move (dialog or drag) and remove. */
export default function HoldsPage() {
  const { t } = useTranslation('accounts');
  const { modal } = App.useApp();
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const [search, setSearch] = useState('');
  const { data, isLoading } = useLeftHold(search);
  const index = useMemo(() => indexHolds(data ?? []), [data]);
  const treeData = useMemo(() => toTree(data ?? [], true), [data]);
  const [picked, setPicked] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const selectedId = picked !== null && index.has(picked) ? picked : (data?.[0]?.HoldID ?? null);
  const selected = selectedId === null ? undefined : index.get(selectedId);
  const isRoot = !selected?.parent;
  const refresh = () => client.invalidateQueries({ queryKey: HOLD_KEY });

  const move = (hold: HoldNode, parentHoldId: number, parentName: string) =>
    modal.confirm({
      title: t('hold.moveConfirm', { name: hold.HoldName, parent: parentName }),
      okText: t('hold.move'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await moveHold({ HoldID: hold.HoldID, parentHoldId });
          await refresh();
        } catch {
          // shown by the api client
        }
      },
    });

  return (
    <PageLayout title={t('menu:simCustomers')}>
      <div className="hold-admin">
        <Card size="small" className="hold-admin-tree" title={t('hold.tree')}>
          <Input.Search allowClear placeholder={t('shell:searchUnit')} onSearch={(v) => setSearch(v.trim())} />
          {isLoading ? (
            <Spin description={t('common:loading')} />
          ) : treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />
          ) : (
            <Tree
              showIcon
              blockNode
              draggable={{ icon: false }}
              treeData={treeData}
              // Remounted when the tree changes so every unit shows expanded after a search or a write.
              key={allHoldIds(data ?? []).join(',')}
              defaultExpandAll
              selectedKeys={selectedId === null ? [] : [selectedId]}
              onSelect={(keys) => keys[0] !== undefined && setPicked(Number(keys[0]))}
              onDrop={(info) => {
                const dragged = index.get(Number(info.dragNode.key));
                const target = index.get(Number(info.node.key));
                if (!dragged || !target) return;
                const parent = info.dropToGap ? target.parent : target.hold;
                if (!parent || parent.HoldID === dragged.parent?.HoldID) return;
                move(dragged.hold, parent.HoldID, parent.HoldName);
              }}
            />
          )}
          <div className="muted hold-admin-hint">{t('hold.dragHint')}</div>
        </Card>
        <Card size="small" className="hold-admin-detail" title={selected?.hold.HoldName ?? t('hold.none')}>
          {selected ? (
            <div className="hold-admin-actions">
              <Space wrap>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('add')}>
                  {t('hold.add')}
                </Button>
                <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                  {t('hold.edit')}
                </Button>
                <Button icon={<DragOutlined />} disabled={isRoot} onClick={() => setDialog('move')}>
                  {t('hold.move')}
                </Button>
                <Button
                  danger
                  disabled={isRoot}
                  onClick={() =>
                    confirmDelete({
                      name: selected.hold.HoldName,
                      content: t('hold.removeConfirm', { name: selected.hold.HoldName }),
                      onOk: async () => {
                        await removeHold(selected.hold.HoldID);
                        setPicked(selected.parent?.HoldID ?? null);
                        await refresh();
                      },
                    })
                  }
                >
                  {t('table:delete')}
                </Button>
              </Space>
            </div>
          ) : null}
          {selected ? (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('hold.name')}>{selected.hold.HoldName}</Descriptions.Item>
              <Descriptions.Item label={t('hold.type')}>
                <Space size={6}>
                  {holdIcon(selected.hold.HoldType)}
                  {t(`shell:${holdTypeKey(selected.hold.HoldType)}`)}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('hold.parent')}>{selected.parent?.HoldName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('hold.children')}>{selected.hold.Children?.length ?? 0}</Descriptions.Item>
              <Descriptions.Item label={t('hold.below')}>{selected.hold.count ?? 0}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />
          )}
          {isRoot && selected ? <div className="muted hold-admin-hint">{t('hold.rootHint')}</div> : null}
        </Card>
      </div>
      <FormModal<HoldForm>
        open={dialog === 'add' || dialog === 'edit'}
        title={dialog === 'edit' ? t('hold.edit') : t('hold.addUnder', { name: selected?.hold.HoldName ?? '' })}
        initialValues={
          dialog === 'edit' && selected
            ? { HoldName: selected.hold.HoldName, HoldType: selected.hold.HoldType }
            : { HoldName: '', HoldType: 2 }
        }
        onCancel={() => setDialog(null)}
        onSubmit={async (v) => {
          if (!selected) return;
          if (dialog === 'edit') return modifyHold({ HoldID: selected.hold.HoldID, ...v });
          const { HoldID } = await addHold({ ...v, parentHoldId: selected.hold.HoldID });
          setPicked(HoldID);
        }}
        onSaved={() => void refresh()}
      >
        <HoldFormFields />
      </FormModal>
      <FormModal<{ parentHoldId: number }>
        open={dialog === 'move'}
        name="move"
        title={t('hold.moveTitle', { name: selected?.hold.HoldName ?? '' })}
        initialValues={{ parentHoldId: selected?.parent?.HoldID }}
        onCancel={() => setDialog(null)}
        okText={t('hold.move')}
        onSubmit={async (v) => {
          if (selected) await moveHold({ HoldID: selected.hold.HoldID, parentHoldId: v.parentHoldId });
        }}
        onSaved={() => void refresh()}
      >
        <Form.Item
          name="parentHoldId"
          label={t('hold.newParent')}
          rules={[{ required: true, message: t('rule.holdRequired') }]}
        >
          <HoldTreeSelect
            exclude={selected?.hold.HoldID}
            allowClear={false}
            placeholder={t('pickHold')}
            style={{ minWidth: 220 }}
          />
        </Form.Item>
      </FormModal>
    </PageLayout>
  );
}
