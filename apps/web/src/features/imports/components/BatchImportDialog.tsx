import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { SIM_RULES } from '@lodestar/domain';
import { App, Button, Form, Modal, Progress, Segmented, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { downloadFile } from '../../sims/api/files.ts';
import { type ImportKind, templateOf } from '../api/import-records.ts';
import { ImportOutcome } from './ImportOutcome.tsx';
import { type Phase, useImportRun } from './useImportRun.ts';
import '../imports.css';

export interface BatchImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The kinds offered, the first chosen: a vehicle page imports vehicles, a device page devices, persons, assets. */
  kinds: readonly ImportKind[];
  /** The unit preselected (the one chosen in the page's unit tree); else the user's own. */
  holdId?: number | undefined;
  /** After rows went in: the page refreshes its list. */
  onImported?: (kind: ImportKind) => void;
}

const ACCEPT = '.xlsx,.csv';
const MAX_MB = SIM_RULES.uploadMaxBytes / (1024 * 1024);

/**
 * The "batch import" dialog of spec section 2: choose the kind and unit, download the template, upload .xlsx or
 * .csv; every row is checked first, row errors are listed (row, column, reason) with "import the good rows", and a
 * large import shows its progress.
 */
export function BatchImportDialog({ open, onClose, kinds, holdId, onImported }: BatchImportDialogProps) {
  const { t } = useTranslation('imports');
  const { message } = App.useApp();
  const ownHold = useSession((s) => s.currentHoldId ?? s.loginInfo.CompanyID ?? undefined);
  const [kind, setKind] = useState<ImportKind>(kinds[0] ?? 'device');
  const [unit, setUnit] = useState<number | undefined>(holdId ?? ownHold);
  const [file, setFile] = useState<File | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const { phase, run, uploadError, start, importGood, reset } = useImportRun((k) => onImported?.(k));
  const busy = phase.kind !== 'idle';

  useEffect(() => {
    if (!open) return;
    setUnit(holdId ?? ownHold);
    setKind(kinds[0] ?? 'device');
  }, [open, holdId, ownHold, kinds]);

  async function template() {
    setTemplateBusy(true);
    try {
      const [path, query] = templateOf(kind);
      await downloadFile(path, query, t(`templateName.${kind}`));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setTemplateBusy(false);
    }
  }

  const close = () => {
    if (busy) return;
    setFile(null);
    reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      width={920}
      onCancel={close}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={busy} data-testid="info-import-close">
          {t('close')}
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!file || unit === undefined || busy}
          loading={busy}
          onClick={() => file && unit !== undefined && void start(kind, unit, file)}
          data-testid="info-import-submit"
        >
          {t('submit')}
        </Button>,
      ]}
    >
      <Form layout="vertical" disabled={busy} className="info-import-form">
        <div className="info-import-selects">
          {kinds.length > 1 ? (
            <Form.Item label={t('kind')}>
              <Segmented<ImportKind>
                value={kind}
                onChange={(k) => {
                  setKind(k);
                  reset();
                }}
                options={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                data-testid="info-import-kind"
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('unit')} required>
            <HoldTreeSelect
              value={unit}
              onChange={setUnit}
              allowClear={false}
              className="info-import-unit"
              data-testid="info-import-unit"
            />
          </Form.Item>
          <Form.Item label={t('template')}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void template()}
              loading={templateBusy}
              disabled={false}
              data-testid="info-import-template"
            >
              {t('templateButton', { kind: t(`kinds.${kind}`) })}
            </Button>
          </Form.Item>
        </div>
        <Form.Item
          label={t('file')}
          required
          validateStatus={uploadError ? 'error' : undefined}
          help={uploadError || t(`hint.${kind}`)}
        >
          <div data-testid="info-import-file">
            <Upload.Dragger
              accept={ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: 'sheet', name: file.name, size: file.size, status: 'done' }] : []}
              beforeUpload={(f) => {
                if (f.size > SIM_RULES.uploadMaxBytes) {
                  void message.error(t('tooLarge', { mb: MAX_MB }));
                  return Upload.LIST_IGNORE;
                }
                setFile(f);
                reset();
                // Sent on "Import", with progress.
                return false;
              }}
              onRemove={() => {
                setFile(null);
                return true;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('drop')}</p>
              <p className="ant-upload-hint">{t('dropHint', { mb: MAX_MB, rows: SIM_RULES.importMaxRows })}</p>
            </Upload.Dragger>
          </div>
        </Form.Item>
      </Form>
      <PhaseProgress phase={phase} />
      {run ? (
        <ImportOutcome
          result={run.result}
          busy={busy}
          onImportGood={run.allowPartial || busy ? undefined : importGood}
        />
      ) : null}
    </Modal>
  );
}

function PhaseProgress({ phase }: { phase: Phase }) {
  const { t } = useTranslation('imports');
  if (phase.kind === 'idle') return null;
  if (phase.kind === 'uploading')
    return (
      <div className="info-import-progress" data-testid="info-import-progress">
        <span className="muted">{t('uploading')}</span>
        <Progress percent={phase.percent} status="active" />
      </div>
    );
  const { State, Processed, Total } = phase.progress;
  const writing = State === 'writing' || State === 'done';
  return (
    <div className="info-import-progress" data-testid="info-import-progress">
      <span className="muted">
        {writing ? t('writing', { processed: Processed, total: Total }) : t('checking', { total: Total })}
      </span>
      <Progress
        percent={writing && Total > 0 ? Math.floor((Processed / Total) * 100) : 100}
        status="active"
        showInfo={writing}
      />
    </div>
  );
}
