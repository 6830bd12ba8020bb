import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const TEXT = { '401': 'unauthorized', '404': 'notFound', '500': 'serverError' } as const;

/** The error pages /401 and /500, and the 404 page of every unknown path. */
export default function StatusPage({ status }: { status: keyof typeof TEXT }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="status-page">
      <Result
        status={status === '401' ? '403' : status}
        title={status}
        subTitle={t(TEXT[status])}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('backHome')}
          </Button>
        }
      />
    </div>
  );
}
