import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu page that is not built yet: says so plainly, with its title, and shows no made-up data. */
export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(`menu:${titleKey}`);
  return (
    <Result
      className="coming-soon"
      icon={<ClockCircleOutlined />}
      title={title}
      subTitle={
        <>
          <div className="coming-soon-label">{t('comingSoon')}</div>
          <div>{t('comingSoonDesc', { title })}</div>
        </>
      }
    />
  );
}
