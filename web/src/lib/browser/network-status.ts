import { onlineManager } from '@tanstack/react-query'

/**
 * TanStack Query takes the network to be there at start and learns of changes only from the browser's
 * online/offline events, so a page opened with no network (from the service worker) would wait for it,
 * spinning, instead of showing what it kept and saying it is offline. It starts from the browser's own
 * answer instead. That answer can be a false "offline" (some VPNs and virtual network adapters, the
 * reason TanStack stopped reading it), so one small request settles it: any answer means online.
 */
export function startFromBrowserNetworkState(probeUrl = '/manifest.webmanifest'): void {
  if (typeof navigator === 'undefined' || navigator.onLine) return
  onlineManager.setOnline(false)
  fetch(probeUrl, { method: 'HEAD', cache: 'no-store' }).then(
    () => onlineManager.setOnline(true),
    () => undefined,
  )
}
