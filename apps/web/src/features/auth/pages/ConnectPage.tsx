import { Navigate } from 'react-router';

/** /connect is public (spec section 2) but its hand-over from an external system is not specified yet: go to login. */
export default function ConnectPage() {
  return <Navigate to="/login" replace />;
}
