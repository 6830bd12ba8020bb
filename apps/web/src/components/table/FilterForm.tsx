import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterFormProps<F> {
  initialValues: F;
  onSearch: (values: F) => void;
  children: ReactNode;
  form?: FormInstance<F>;
  /** Prefix of the fields' DOM ids (`filter_Keyword`). */
  name?: string;
}

/**
 * Inline filters for a list. It is a real <form> with a submit button, so Enter in any text
 * field searches; Reset puts the initial values back and searches again.
 */
export function FilterForm<F extends object>({
  initialValues,
  onSearch,
  children,
  form,
  name = 'filter',
}: FilterFormProps<F>) {
  const { t } = useTranslation('table');
  const [own] = Form.useForm<F>();
  const instance = form ?? own;
  return (
    <Form<F>
      form={instance}
      name={name}
      className="filter-form"
      layout="inline"
      initialValues={initialValues}
      onFinish={(values) => onSearch({ ...initialValues, ...values })}
    >
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            instance.resetFields();
            onSearch(initialValues);
          }}
        >
          {t('reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
