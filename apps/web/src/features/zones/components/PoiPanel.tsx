import { AimOutlined } from '@ant-design/icons';
import type { PoiListInput } from '@lodestar/contract/pois';
import { POI_ICONS, POI_KINDS, type PoiIcon, type PoiKind, ZONE_LIMITS } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Segmented, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton, FormModal, useFormModal, useServerList } from '../../../components/table/index.ts';
import type { LngLat } from '../../../map/coords.ts';
import { addPoi } from '../api/add-poi.ts';
import { getPoiList, type PoiRow } from '../api/get-poi-list.ts';
import { POIS_KEY } from '../api/keys.ts';
import { modifyPoi } from '../api/modify-poi.ts';
import { removePois } from '../api/remove-poi.ts';
import { POI_ICON_COMPONENTS, POI_KIND_COLOURS } from '../poi-icons.tsx';

interface PoiFormValues {
  PoiName: string;
  Kind: PoiKind;
  Category?: string;
  Icon: PoiIcon;
  Remark?: string;
}

interface Props {
  holdId: number | undefined;
  /** Where the map was clicked (WGS-84): a new point there. */
  clicked: LngLat | null;
  onClickedDone: () => void;
  /** "Make fence" on a favourite. */
  onMakeFence: (name: string, at: LngLat) => Promise<void>;
}

const DEFAULT_ICON: Record<PoiKind, PoiIcon> = { poi: 'pin', favourite: 'star', risk: 'warning' };

/**
 * The Points tab: POIs, favourite places and risk points of the unit. A click on the map adds one there
 * (spec section 5); a favourite becomes a fence in one click.
 */
export function PoiPanel({ holdId, clicked, onClickedDone, onMakeFence }: Props) {
  const { t } = useTranslation('zones');
  const client = useQueryClient();
  const [kind, setKind] = useState<PoiKind | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  const filters: Omit<PoiListInput, 'PageIndex' | 'PageSize'> = {
    HoldID: holdId,
    Kinds: kind === 'all' ? undefined : [kind],
    Keyword: keyword || undefined,
  };
  const list = useServerList([...POIS_KEY, 'list'], getPoiList, filters, { pageSize: 10 });
  const modal = useFormModal<PoiRow>();
  const [at, setAt] = useState<LngLat | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: POIS_KEY });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new click opens a new point, once
  useEffect(() => {
    if (!clicked) return;
    setAt(clicked);
    modal.openAdd();
    onClickedDone();
  }, [clicked]);

  const save = async (v: PoiFormValues) => {
    const common = {
      PoiName: v.PoiName.trim(),
      Category: v.Category?.trim() ?? '',
      Icon: v.Icon,
      Remark: v.Remark ?? '',
    };
    if (modal.record) await modifyPoi({ PoiID: modal.record.PoiID, ...common });
    else if (at && holdId !== undefined)
      await addPoi({ HoldID: holdId, Kind: v.Kind, Lat: at[1], Lng: at[0], ...common });
    await refresh();
  };

  const columns: TableColumnsType<PoiRow> = [
    {
      key: 'name',
      title: t('poi.name'),
      ellipsis: true,
      render: (_, p) => {
        const Icon = POI_ICON_COMPONENTS[p.Icon];
        return (
          <span className="zone-poi-row" data-poi-id={p.PoiID}>
            <span style={{ color: POI_KIND_COLOURS[p.Kind] }}>
              <Icon />
            </span>{' '}
            {p.PoiName}
            {p.Category ? <span className="muted"> · {p.Category}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'kind',
      title: t('poi.kind'),
      width: 88,
      render: (_, p) => <Tag color={POI_KIND_COLOURS[p.Kind]}>{t(`poiKind.${p.Kind}`)}</Tag>,
    },
    {
      key: 'actions',
      width: 150,
      render: (_, p) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => modal.openEdit(p)}>
            {t('panel.edit')}
          </Button>
          {p.Kind === 'favourite' ? (
            <Button
              type="link"
              size="small"
              icon={<AimOutlined />}
              className="poi-make-fence"
              onClick={() => void onMakeFence(p.PoiName, [p.Lng, p.Lat])}
            >
              {t('poi.makeFence')}
            </Button>
          ) : null}
          <DeleteButton
            name={p.PoiName}
            onConfirm={async () => {
              await removePois([p.PoiID]);
              await refresh();
            }}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="poi-panel">
      <div className="zone-hint muted" data-testid="poi-hint">
        {t('poi.clickHint')}
      </div>
      <div className="zone-list-toolbar">
        <Segmented<PoiKind | 'all'>
          size="small"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'all', label: t('poiKind.all') },
            ...POI_KINDS.map((k) => ({ value: k, label: t(`poiKind.${k}`) })),
          ]}
        />
        <Input.Search allowClear size="small" placeholder={t('poi.search')} onSearch={(v) => setKeyword(v.trim())} />
      </div>
      <Table<PoiRow>
        size="small"
        rowKey="PoiID"
        columns={columns}
        dataSource={list.rows}
        loading={list.isFetching}
        locale={{ emptyText: t('poi.empty') }}
        pagination={{
          current: list.paging.PageIndex,
          pageSize: list.paging.PageSize,
          total: list.total,
          size: 'small',
          showSizeChanger: false,
          onChange: (PageIndex) => list.setPaging({ PageIndex }),
        }}
      />
      <FormModal<PoiFormValues>
        open={modal.open}
        name="poi"
        title={modal.record ? t('poi.edit') : t('poi.add')}
        initialValues={
          modal.record ? { ...modal.record } : { Kind: 'poi', Icon: 'pin', PoiName: '', Category: '', Remark: '' }
        }
        onCancel={modal.close}
        onSubmit={save}
      >
        <Form.Item
          name="PoiName"
          label={t('poi.name')}
          rules={[
            { required: true, whitespace: true, message: t('rule.poiName') },
            { max: ZONE_LIMITS.pointNameMax, message: t('rule.nameMax', { max: ZONE_LIMITS.pointNameMax }) },
          ]}
        >
          <Input maxLength={ZONE_LIMITS.pointNameMax} showCount autoFocus />
        </Form.Item>
        <Form.Item name="Kind" label={t('poi.kind')}>
          <Select
            disabled={Boolean(modal.record)}
            options={POI_KINDS.map((k) => ({ value: k, label: t(`poiKind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.Kind !== b.Kind}>
          {(form) => (
            <KindIconSync
              kind={form.getFieldValue('Kind')}
              set={(icon) => form.setFieldValue('Icon', icon)}
              editing={Boolean(modal.record)}
            />
          )}
        </Form.Item>
        <Form.Item name="Category" label={t('poi.category')} rules={[{ max: ZONE_LIMITS.categoryMax }]}>
          <Input maxLength={ZONE_LIMITS.categoryMax} />
        </Form.Item>
        <Form.Item name="Icon" label={t('poi.icon')}>
          <Select
            options={POI_ICONS.map((i) => {
              const Icon = POI_ICON_COMPONENTS[i];
              return {
                value: i,
                label: (
                  <span>
                    <Icon /> {t(`poiIcon.${i}`)}
                  </span>
                ),
              };
            })}
          />
        </Form.Item>
        <Form.Item name="Remark" label={t('poi.remark')} rules={[{ max: ZONE_LIMITS.remarkMax }]}>
          <Input.TextArea maxLength={ZONE_LIMITS.remarkMax} rows={2} />
        </Form.Item>
        {at && !modal.record ? (
          <div className="muted zone-poi-at">{t('poi.at', { lat: at[1].toFixed(6), lng: at[0].toFixed(6) })}</div>
        ) : null}
      </FormModal>
    </div>
  );
}

/** A new point's icon follows its kind until the person picks one (a favourite gets a star, a risk point a warning). */
function KindIconSync({ kind, set, editing }: { kind: PoiKind; set: (icon: PoiIcon) => void; editing: boolean }) {
  useEffect(() => {
    if (!editing && kind) set(DEFAULT_ICON[kind]);
  }, [kind, editing, set]);
  return null;
}
