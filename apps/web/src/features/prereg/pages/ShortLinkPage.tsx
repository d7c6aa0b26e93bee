import { Navigate, useParams } from 'react-router';

/** /e/:id? is a short link to the pre-registration form with add_visitor=true. */
export default function ShortLinkPage() {
  const { id } = useParams();
  return <Navigate to={`/pre-registration${id ? `/${id}` : ''}?add_visitor=true`} replace />;
}
