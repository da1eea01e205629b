import { RouterProvider } from 'react-router/dom'
import type { DataRouter } from 'react-router'

/** The portal: every page comes from the router (app/router.tsx). */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />
}
