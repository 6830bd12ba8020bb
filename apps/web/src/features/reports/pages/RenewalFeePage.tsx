import ComingSoonPage from '../../../pages/ComingSoonPage.tsx';

/** Placeholder until issue #6 builds this page. */
export default function Page() {
  return <ComingSoonPage titleKey="simRenewalFees" />;
}
