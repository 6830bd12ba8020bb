import { formatFen, INVOICE_RULES, INVOICE_TYPES } from '@lodestar/domain';
import { App, Form, Input, Modal, Radio, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InvoiceableOrder, useAddInvoice, useInvoiceableOrders } from '../api/invoices.ts';

interface Values {
  Type: (typeof INVOICE_TYPES)[number];
  Title: string;
  TaxNo: string;
  Email: string;
}

/** Ask for one invoice over paid orders of one's own unit that no invoice covers yet. */
export function RequestInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const orders = useInvoiceableOrders({ PageIndex: page, PageSize: 10 }, open);
  const add = useAddInvoice();

  const submit = async () => {
    const v = await form.validateFields();
    if (!chosen.length) {
      setError(t('chooseOrders'));
      return;
    }
    await add.mutateAsync({ ...v, OrderIDs: chosen });
    void message.success(t('requested'));
    setChosen([]);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('request')}
      width={760}
      okText={t('submit')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={add.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<InvoiceableOrder>
        rowKey="OrderID"
        size="small"
        data-testid="invoiceable-orders"
        loading={orders.isLoading}
        dataSource={orders.data?.rows ?? []}
        locale={{ emptyText: t('noOrders') }}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          onChange: (keys) => {
            setChosen(keys as number[]);
            setError(null);
          },
        }}
        pagination={{ current: page, pageSize: 10, total: orders.data?.total ?? 0, onChange: setPage, size: 'small' }}
        columns={[
          { title: t('orderNo'), dataIndex: 'OrderNo' },
          { title: t('kind'), dataIndex: 'KindText', width: 130 },
          {
            title: t('amount'),
            dataIndex: 'AmountFen',
            width: 110,
            align: 'right',
            render: (v: number) => formatFen(v),
          },
          { title: t('paidTime'), dataIndex: 'PaidTime', width: 170 },
        ]}
      />
      {error ? <div className="ant-form-item-explain-error">{error}</div> : null}
      <Form form={form} layout="vertical" initialValues={{ Type: 'ordinary' }} className="invoice-form">
        <Form.Item name="Type" label={t('type')} rules={[{ required: true }]}>
          <Radio.Group options={INVOICE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="Title" label={t('title')} rules={[{ required: true, max: INVOICE_RULES.titleMax }]}>
          <Input maxLength={INVOICE_RULES.titleMax} />
        </Form.Item>
        <Form.Item
          name="TaxNo"
          label={t('taxNo')}
          rules={[{ required: true, pattern: new RegExp(INVOICE_RULES.taxNoPattern), message: t('taxNoRule') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="Email"
          label={t('email')}
          rules={[{ required: true, type: 'email', max: INVOICE_RULES.emailMax }]}
        >
          <Input maxLength={INVOICE_RULES.emailMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
