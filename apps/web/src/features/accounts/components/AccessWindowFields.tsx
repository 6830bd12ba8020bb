import { Form, type FormItemProps, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

const CLOCK = 'HH:mm';

/** A stored "HH:mm" as the picker's value (null: no window). */
export const fromClock = (s: string | null | undefined): Dayjs | null => (s ? dayjs(s, CLOCK) : null);
/** The picker's value as the API's "HH:mm", '' to clear. */
export const toClock = (d: Dayjs | null | undefined): string => (d ? d.format(CLOCK) : '');

/**
 * The daily log-in window (AccessStart / AccessEnd, spec section 3's "start and end time"): both or
 * neither, not equal; an end before the start runs past midnight. The server checks the same.
 */
export function AccessWindowFields({ itemProps }: { itemProps?: FormItemProps } = {}) {
  const { t } = useTranslation('accounts');
  return (
    <Form.Item {...itemProps} label={t('user.accessWindow')} extra={t('user.accessHint')}>
      <Space wrap>
        <Form.Item
          name="AccessStart"
          noStyle
          dependencies={['AccessEnd']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, v: Dayjs | null) =>
                !v && getFieldValue('AccessEnd') ? Promise.reject(new Error(t('rule.accessBoth'))) : Promise.resolve(),
            }),
          ]}
        >
          <TimePicker format={CLOCK} placeholder={t('user.accessStart')} minuteStep={5} needConfirm={false} />
        </Form.Item>
        <span className="muted">–</span>
        <Form.Item
          name="AccessEnd"
          noStyle
          dependencies={['AccessStart']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, v: Dayjs | null) => {
                const start: Dayjs | null = getFieldValue('AccessStart');
                if (!v && start) return Promise.reject(new Error(t('rule.accessBoth')));
                if (v && start && toClock(v) === toClock(start)) return Promise.reject(new Error(t('rule.accessSame')));
                return Promise.resolve();
              },
            }),
          ]}
        >
          <TimePicker format={CLOCK} placeholder={t('user.accessEnd')} minuteStep={5} needConfirm={false} />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
