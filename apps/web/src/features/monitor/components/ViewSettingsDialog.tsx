import { Button, Checkbox, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session.ts';
import {
  DEFAULT_VIEW,
  LIST_FIELDS,
  MAP_LABEL_PARTS,
  type MonitorView,
  useMonitorView,
  useViewSettings,
} from '../live/view-settings.ts';

const on = <K extends string>(flags: Readonly<Record<K, boolean>>) =>
  (Object.keys(flags) as K[]).filter((k) => flags[k]);
const flagsOf = <K extends string>(keys: readonly K[], chosen: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, chosen.includes(k)])) as Record<K, boolean>;

/**
 * The view settings dialog (spec section 2): which labels the map draws beside the devices and which
 * fields the device list shows. Saved per user in this browser and applied at once.
 */
export function ViewSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const view = useMonitorView();
  const userId = useSession((s) => s.userId);
  const [draft, setDraft] = useState<MonitorView>(view);
  useEffect(() => {
    if (open) setDraft(view);
  }, [open, view]);

  const apply = () => {
    useViewSettings.getState().save(userId, draft);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('viewSettings.title')}
      onOk={apply}
      onCancel={onClose}
      okText={t('viewSettings.apply')}
      cancelText={t('common:cancel')}
      className="view-settings-dialog"
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <Button className="view-settings-reset" onClick={() => setDraft(DEFAULT_VIEW)}>
            {t('viewSettings.reset')}
          </Button>
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <section className="view-settings-group">
        <h4>{t('viewSettings.mapLabels')}</h4>
        <Checkbox.Group
          className="view-settings-map"
          value={on(draft.mapLabel)}
          onChange={(v) => setDraft({ ...draft, mapLabel: flagsOf(MAP_LABEL_PARTS, v) })}
          options={MAP_LABEL_PARTS.map((k) => ({
            value: k,
            label: t(`viewSettings.label.${k}` as 'viewSettings.label.name'),
          }))}
        />
        <p className="muted view-settings-hint">{t('viewSettings.mapHint')}</p>
      </section>
      <section className="view-settings-group">
        <h4>{t('viewSettings.listFields')}</h4>
        <Checkbox.Group
          className="view-settings-list"
          value={on(draft.listFields)}
          onChange={(v) => setDraft({ ...draft, listFields: flagsOf(LIST_FIELDS, v) })}
          options={LIST_FIELDS.map((k) => ({
            value: k,
            label: t(`viewSettings.field.${k}` as 'viewSettings.field.status'),
          }))}
        />
      </section>
    </Modal>
  );
}
