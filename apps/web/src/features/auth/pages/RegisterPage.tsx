import { Button, Form, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../api/register.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import {
  InfoStep,
  type InfoValues,
  PhoneStep,
  type PhoneValues,
  VehicleStep,
  type VehicleValues,
} from '../components/RegisterSteps.tsx';

const blankToUndefined = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** /register: phone → info → vehicle → success. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [infoForm] = Form.useForm<InfoValues>();
  const [vehicleForm] = Form.useForm<VehicleValues>();
  const register = useRegister();

  const submit = (vehicle: VehicleValues) => {
    const phone = phoneForm.getFieldsValue(true) as PhoneValues;
    const info = infoForm.getFieldsValue(true) as InfoValues;
    register.mutate(
      {
        Phone: phone.Phone,
        SMSCode: phone.SMSCode,
        UserPassword: info.UserPassword,
        UserName: info.UserName,
        Email: blankToUndefined(info.Email),
        HoldName: blankToUndefined(info.HoldName),
        Vehicle: {
          Plate: vehicle.Plate,
          DeviceID: blankToUndefined(vehicle.DeviceID),
          OwnerName: blankToUndefined(vehicle.OwnerName),
        },
      },
      { onSuccess: () => setStep(3) },
    );
  };

  return (
    <AuthLayout wide>
      <h1 className="auth-title">{t('registerTitle')}</h1>
      <Steps
        className="register-steps"
        size="small"
        current={step}
        items={[
          { title: t('stepPhone') },
          { title: t('stepInfo') },
          { title: t('stepVehicle') },
          { title: t('stepSuccess') },
        ]}
      />
      <div hidden={step !== 0}>
        <PhoneStep form={phoneForm} onFinish={() => setStep(1)} />
      </div>
      <div hidden={step !== 1}>
        <InfoStep form={infoForm} onFinish={() => setStep(2)} onBack={() => setStep(0)} />
      </div>
      <div hidden={step !== 2}>
        <VehicleStep form={vehicleForm} onFinish={submit} onBack={() => setStep(1)} busy={register.isPending} />
      </div>
      {step === 3 ? (
        <Result
          status="success"
          title={t('registerDone')}
          subTitle={t('registerDoneDesc')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('login')}
            </Button>
          }
        />
      ) : (
        <div className="auth-links">
          <Link to="/login">{t('backToLogin')}</Link>
        </div>
      )}
    </AuthLayout>
  );
}
