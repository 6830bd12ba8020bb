import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportResult } from '@lodestar/contract/sims';
import { SIM_RULES } from '@lodestar/domain';
import { App, Button, Form, Progress, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardTypeSelect, usePackageSelect, useSupplierSelect } from '../../catalogue/api/selects.ts';
import { downloadFile, uploadFile } from '../api/files.ts';
import { type ImportInput, useImportSims } from '../api/import-sims.ts';
import { ImportResultView } from './ImportResultView.tsx';

interface FormValues {
  SupplierID?: number;
  PackageID?: number;
  CardTypeID?: number;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'importing' };

const ACCEPT = '.xlsx,.csv';
const MAX_MB = SIM_RULES.uploadMaxBytes / (1024 * 1024);

/** Inbound (fn 9): choose a supplier, upload the sheet with progress, import it, show what happened. */
export function ImportForm() {
  const { t } = useTranslation('sims');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<{ body: ImportInput; reply: ImportResult } | null>(null);
  const [uploadError, setUploadError] = useState('');
  const [templateBusy, setTemplateBusy] = useState(false);
  const importSims = useImportSims();

  const supplierId = Form.useWatch('SupplierID', form);
  const suppliers = useSupplierSelect();
  const supplier = suppliers.data?.find((s) => s.SupplierID === supplierId);
  const operatorId = supplier?.OperatorID;
  const packages = usePackageSelect(operatorId, operatorId !== undefined);
  const cardTypes = useCardTypeSelect(operatorId, operatorId !== undefined);

  const busy = phase.kind !== 'idle';

  async function run(body: ImportInput) {
    setPhase({ kind: 'importing' });
    try {
      const reply = await importSims.mutateAsync(body);
      setResult({ body, reply });
      if (reply.Imported > 0) void message.success(t('import.done', { count: reply.Imported }));
    } catch {
      // the api client has shown the server's message
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  async function submit(values: FormValues) {
    if (!file || values.SupplierID === undefined) return;
    setUploadError('');
    setResult(null);
    setPhase({ kind: 'uploading', percent: 0 });
    let fileId: number;
    try {
      const uploaded = await uploadFile(file, (percent) => setPhase({ kind: 'uploading', percent }));
      fileId = uploaded.FileID;
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : String(e));
      setPhase({ kind: 'idle' });
      return;
    }
    await run({
      SupplierID: values.SupplierID,
      FileID: fileId,
      PackageID: values.PackageID,
      CardTypeID: values.CardTypeID,
    });
  }

  async function template() {
    setTemplateBusy(true);
    try {
      await downloadFile('Sim/ImportTemplate', {}, t('import.templateName'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setTemplateBusy(false);
    }
  }

  return (
    <>
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="sim-import"
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed) => {
          // Package and card type belong to the supplier's carrier.
          if ('SupplierID' in changed) form.setFieldsValue({ PackageID: undefined, CardTypeID: undefined });
        }}
        disabled={busy}
        className="import-form"
      >
        <div className="import-selects">
          <Form.Item
            name="SupplierID"
            label={t('field.supplier')}
            rules={[{ required: true, message: t('import.supplierRequired') }]}
          >
            <Select
              data-testid="import-supplier"
              showSearch={{ optionFilterProp: 'label' }}
              loading={suppliers.isLoading}
              placeholder={t('import.supplierPlaceholder')}
              options={(suppliers.data ?? []).map((s) => ({
                value: s.SupplierID,
                label: `${s.SupplierName} (${s.OperatorName})`,
              }))}
            />
          </Form.Item>
          <Form.Item name="PackageID" label={t('import.defaultPackage')} tooltip={t('import.defaultHint')}>
            <Select
              data-testid="import-package"
              allowClear
              disabled={operatorId === undefined || busy}
              loading={packages.isFetching}
              placeholder={t('import.optional')}
              options={(packages.data ?? []).map((p) => ({ value: p.PackageID, label: p.PackageName }))}
            />
          </Form.Item>
          <Form.Item name="CardTypeID" label={t('import.defaultCardType')} tooltip={t('import.defaultHint')}>
            <Select
              data-testid="import-cardtype"
              allowClear
              disabled={operatorId === undefined || busy}
              loading={cardTypes.isFetching}
              placeholder={t('import.optional')}
              options={(cardTypes.data ?? []).map((c) => ({ value: c.CardTypeID, label: c.CardTypeName }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          label={t('import.file')}
          required
          validateStatus={uploadError ? 'error' : undefined}
          help={uploadError || undefined}
        >
          <div data-testid="import-file">
            <Upload.Dragger
              accept={ACCEPT}
              maxCount={1}
              fileList={file ? [{ uid: 'sheet', name: file.name, size: file.size, status: 'done' }] : []}
              beforeUpload={(f) => {
                if (f.size > SIM_RULES.uploadMaxBytes) {
                  void message.error(t('import.tooLarge', { mb: MAX_MB }));
                  return Upload.LIST_IGNORE;
                }
                setFile(f);
                setUploadError('');
                setResult(null);
                // We send it ourselves on submit, with progress.
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
              <p className="ant-upload-text">{t('import.drop')}</p>
              <p className="ant-upload-hint">{t('import.dropHint', { mb: MAX_MB, rows: SIM_RULES.importMaxRows })}</p>
            </Upload.Dragger>
          </div>
        </Form.Item>
        <div className="import-actions">
          <Button
            type="primary"
            htmlType="submit"
            icon={<UploadOutlined />}
            disabled={!file || busy}
            loading={busy}
            data-testid="import-submit"
          >
            {t('import.submit')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void template()}
            loading={templateBusy}
            disabled={false}
            data-testid="import-template"
          >
            {t('import.template')}
          </Button>
        </div>
      </Form>
      {phase.kind === 'uploading' ? (
        <div className="import-progress" data-testid="import-progress">
          <span className="muted">{t('import.uploading')}</span>
          <Progress percent={phase.percent} status="active" />
        </div>
      ) : null}
      {phase.kind === 'importing' ? (
        <div className="import-progress" data-testid="import-progress">
          <span className="muted">{t('import.checking')}</span>
          <Progress percent={100} status="active" showInfo={false} />
        </div>
      ) : null}
      {result ? (
        <ImportResultView
          result={result.reply}
          partialBusy={phase.kind === 'importing'}
          onImportGood={result.body.AllowPartial ? undefined : () => void run({ ...result.body, AllowPartial: true })}
        />
      ) : null}
    </>
  );
}
