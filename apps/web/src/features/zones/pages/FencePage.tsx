import '../zones.css';
import type { FenceListInput } from '@lodestar/contract/zones';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useConfirmDelete, useServerList } from '../../../components/table/index.ts';
import type { LngLat } from '../../../map/coords.ts';
import { useSession } from '../../../store/session.ts';
import { addFence } from '../api/add-fence.ts';
import { bindFenceDevices } from '../api/bind-fence-devices.ts';
import { useFence } from '../api/get-fence.ts';
import { getFenceList, useMapFences } from '../api/get-fence-list.ts';
import { FENCES_KEY } from '../api/keys.ts';
import { modifyFence } from '../api/modify-fence.ts';
import { removeFences } from '../api/remove-fence.ts';
import { unbindFenceDevices } from '../api/unbind-fence-devices.ts';
import { BindDialog } from '../components/BindDialog.tsx';
import { FenceForm, type FenceFormValues, fenceFields } from '../components/FenceForm.tsx';
import { PoiLayer } from '../components/PoiLayer.tsx';
import { PoiPanel } from '../components/PoiPanel.tsx';
import type { MapZone } from '../components/ZoneLayer.tsx';
import { ZoneList, type ZoneListRow } from '../components/ZoneList.tsx';
import { ZoneMap } from '../components/ZoneMap.tsx';
import { ZonePanel } from '../components/ZonePanel.tsx';
import { type DrawTool, draftToFence, fenceToDraft } from '../draw/draft.ts';
import { useDraft } from '../draw/use-draft.ts';
import { fenceFacts } from '../facts.tsx';

/** The circle a favourite place becomes in one click, metres. */
const POINT_FENCE_RADIUS = 200;
const FENCE_TOOLS: readonly DrawTool[] = ['circle', 'rectangle', 'polygon', 'hole'];

const listFences = (q: FenceListInput) =>
  getFenceList(q).then((page) => ({
    ...page,
    rows: page.rows.map<ZoneListRow>((f) => ({
      id: f.FenceID,
      name: f.FenceName,
      DeviceCount: f.DeviceCount,
      CreateTime: f.CreateTime,
      HoldName: f.HoldName,
    })),
  }));

/**
 * /monitor/fence (function 51): the unit's fences on the map and in a list; drawing and editing one (circle,
 * rectangle, polygon with holes) beside its form; binding devices; a fence's devices and recent events; and,
 * in a second tab, the points (POIs, favourites, risk points) added by clicking the map.
 */
export default function FencePage() {
  const { t } = useTranslation('zones');
  const { message } = App.useApp();
  const client = useQueryClient();
  const confirmDelete = useConfirmDelete();
  const holdId = useSession((s) => s.currentHoldId) ?? undefined;
  const [tab, setTab] = useState<'fences' | 'points'>('fences');
  const [keyword, setKeyword] = useState('');
  const list = useServerList([...FENCES_KEY, 'list'], listFences, { HoldID: holdId, Keyword: keyword || undefined });
  const mapFences = useMapFences(holdId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detail = useFence(selectedId);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const { draft, setDraft, crs, tool, setTool } = useDraft();
  const [binding, setBinding] = useState(false);
  const [pointAt, setPointAt] = useState<LngLat | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: FENCES_KEY });

  const zones = useMemo<MapZone[]>(
    () => (mapFences.data?.rows ?? []).map((f) => ({ id: f.FenceID, name: f.FenceName, geometry: f.Geometry })),
    [mapFences.data],
  );

  const startAdd = () => {
    setSelectedId(null);
    setDraft(null);
    setEditing({ id: null });
    setTool('polygon');
  };
  const startEdit = () => {
    const f = detail.data;
    if (!f) return;
    setDraft(fenceToDraft(f.Geometry, f.Shape, crs));
    setEditing({ id: f.FenceID });
    setTool(null);
  };
  const stopEdit = () => {
    setEditing(null);
    setDraft(null);
    setTool(null);
  };
  const save = async (values: FenceFormValues) => {
    const geometry = draft ? draftToFence(draft, crs) : null;
    if (!geometry) throw new Error(t('form.drawFirst'));
    const fields = fenceFields(values);
    let id = editing?.id ?? null;
    if (id === null) {
      if (holdId === undefined) throw new Error(t('form.chooseUnit'));
      id = (await addFence({ HoldID: holdId, Geometry: geometry, ...fields })).FenceID;
    } else await modifyFence({ FenceID: id, Geometry: geometry, ...fields });
    message.success(t('common:saved'));
    stopEdit();
    setSelectedId(id);
    await refresh();
  };
  const remove = (rows: { id: number; name: string }[]) =>
    confirmDelete({
      name: rows.map((r) => r.name).join(t('list.separator')),
      onOk: async () => {
        await removeFences(rows.map((r) => r.id));
        if (rows.some((r) => r.id === selectedId)) setSelectedId(null);
        await refresh();
      },
    });
  /** "Make fence" on a favourite: a circle there, saved at once and opened for editing. */
  const fenceAtPoint = async (name: string, at: LngLat) => {
    if (holdId === undefined) return;
    const { FenceID } = await addFence({
      HoldID: holdId,
      FenceName: name,
      Geometry: { type: 'Circle', Center: at, Radius: POINT_FENCE_RADIUS },
      RecordType: 'both',
      TriggerAlarm: true,
    });
    await refresh();
    setTab('fences');
    setSelectedId(FenceID);
    setDraft(fenceToDraft({ type: 'Circle', Center: at, Radius: POINT_FENCE_RADIUS }, 'circle', crs));
    setTool(null);
    setEditing({ id: FenceID });
  };

  const side =
    tab === 'points' ? (
      <PoiPanel holdId={holdId} clicked={pointAt} onClickedDone={() => setPointAt(null)} onMakeFence={fenceAtPoint} />
    ) : editing ? (
      <FenceForm
        fence={editing.id !== null && detail.data?.FenceID === editing.id ? detail.data : null}
        drawn={draft !== null}
        onSave={save}
        onCancel={stopEdit}
      />
    ) : (
      <>
        <ZoneList
          list={list}
          nameColumn="FenceName"
          onKeyword={setKeyword}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onAdd={startAdd}
          onRemove={remove}
          addLabel={t('fence.add')}
          searchPlaceholder={t('fence.search')}
          emptyText={t('fence.empty')}
        />
        {selectedId !== null ? (
          <ZonePanel
            name={detail.data?.FenceName}
            loading={detail.isFetching}
            facts={detail.data ? fenceFacts(detail.data, t) : []}
            devices={detail.data?.Devices ?? []}
            zone={{ FenceID: selectedId }}
            onEdit={startEdit}
            onBind={() => setBinding(true)}
            onRemove={() => detail.data && remove([{ id: selectedId, name: detail.data.FenceName }])}
            onUnbind={async (id) => {
              await unbindFenceDevices(selectedId, [id]);
              await refresh();
            }}
          />
        ) : (
          <div className="zone-hint muted">{t('fence.chooseHint')}</div>
        )}
      </>
    );

  return (
    <PageLayout title={t('menu:geofence')}>
      <div className="zones-page fence-page">
        <aside className="zones-side">
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              stopEdit();
              setTab(k as 'fences' | 'points');
            }}
            items={[
              { key: 'fences', label: t('tabs.fences') },
              { key: 'points', label: t('tabs.points') },
            ]}
          />
          <div className="zones-side-body">{side}</div>
        </aside>
        <ZoneMap
          zones={zones}
          selectedId={selectedId}
          onSelect={(id) => {
            setTab('fences');
            setSelectedId(id);
          }}
          fitKey={String(holdId)}
          onMapClick={tab === 'points' ? setPointAt : undefined}
          editing={
            editing
              ? {
                  id: editing.id,
                  draft,
                  tools: FENCE_TOOLS,
                  tool,
                  onTool: setTool,
                  onDraft: setDraft,
                  onRefused: () => message.warning(t('draw.holeOutside')),
                }
              : undefined
          }
        >
          {tab === 'points' ? <PoiLayer holdId={holdId} /> : null}
        </ZoneMap>
      </div>
      <BindDialog
        open={binding}
        name={detail.data?.FenceName ?? ''}
        onClose={() => setBinding(false)}
        onBind={async (req) => {
          const result = await bindFenceDevices({ FenceID: selectedId as number, ...req });
          await refresh();
          return result;
        }}
      />
    </PageLayout>
  );
}
