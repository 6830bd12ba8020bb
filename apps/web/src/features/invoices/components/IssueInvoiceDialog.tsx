import { INVOICE_RULES } from '@lodestar/domain';
import { App, Button, Form, Input, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InvoiceRow, useIssueInvoice } from '../api/invoices.ts';

/** The provider marks a request issued with the invoice number and the PDF it issued. */
export function IssueInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRow | null; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ InvoiceNo: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const issue = useIssueInvoice();

  const submit = async () => {
    const v = await form.validateFields();
    if (!file) {
      setFileError(t('pdfRequired'));
      return;
    }
    try {
      await issue.mutateAsync({ InvoiceID: invoice!.InvoiceID, InvoiceNo: v.InvoiceNo, file });
    } catch (e) {
      setFileError(e instanceof Error ? e.message : String(e));
      return;
    }
    void message.success(t('issued'));
    setFile(null);
    onClose();
  };

  return (
    <Modal
      open={invoice !== null}
      title={t('issueTitle', { title: invoice?.Title ?? '' })}
      okText={t('issue')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={issue.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="InvoiceNo"
          label={t('invoiceNo')}
          rules={[{ required: true, max: INVOICE_RULES.invoiceNoMax, pattern: /^[0-9A-Za-z-]+$/ }]}
        >
          <Input maxLength={INVOICE_RULES.invoiceNoMax} />
        </Form.Item>
        <Form.Item
          label={t('pdf')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? t('pdfHint', { mb: INVOICE_RULES.pdfMaxBytes / 1024 / 1024 })}
        >
          <Upload
            accept="application/pdf,.pdf"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setFileError(null);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button data-testid="invoice-pdf">{t('choosePdf')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
