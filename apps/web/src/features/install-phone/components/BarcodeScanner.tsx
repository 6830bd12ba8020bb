import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The Shape Detection API's barcode reader (Chrome on Android, Safari 17+); not in every TypeScript lib. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorCtor | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;

/** Scanning needs both the detector and a camera; otherwise the ID is typed. */
export const canScan = (): boolean =>
  detectorClass() !== undefined && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** Device labels carry the IMEI as Code 128 or a QR code; the others are for stickers seen in the field. */
const FORMATS = ['code_128', 'code_39', 'qr_code', 'ean_13', 'data_matrix'];
/** Often enough to feel instant, rarely enough to leave the phone's CPU for the camera. */
const SCAN_EVERY_MS = 250;

/** The back camera's picture; answers the first code it reads and stops the camera. */
export function BarcodeScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation('install-phone');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onCode);
  done.current = onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: FORMATS });
    const look = async () => {
      const el = video.current;
      if (stopped || !el) return;
      try {
        const [code] = el.readyState >= 2 ? await detector.detect(el) : [];
        const value = code?.rawValue.trim();
        if (value && !stopped) {
          done.current(value);
          return;
        }
      } catch {
        // a frame the detector could not read: try the next one
      }
      timer = setTimeout(look, SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        void video.current.play().catch(() => undefined);
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="ip-scanner">
      {failed ? (
        <Alert type="warning" showIcon title={t('scan.noCamera')} />
      ) : (
        <>
          <video ref={video} className="ip-scanner-video" muted playsInline />
          <div className="ip-scanner-hint">{t('scan.hint')}</div>
        </>
      )}
      <Button block onClick={onClose}>
        {t('scan.close')}
      </Button>
    </div>
  );
}
