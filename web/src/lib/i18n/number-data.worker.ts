// A worker of its own (started by ./lingui.ts): makes the formatters Lingui makes for a language's plurals, so that
// ICU's number data is loaded off the page's main thread. ICU's data and caches belong to the browser's renderer
// process, which the page and its workers share: after this, the page's own first formatter costs ~0.1 ms instead
// of 10–40 ms of main thread unthrottled (decision 044).
self.onmessage = (event: MessageEvent<unknown>) => {
  const locale = typeof event.data === 'string' ? event.data : undefined
  try {
    new Intl.NumberFormat(locale).format(0)
    new Intl.PluralRules(locale).select(0)
  } finally {
    self.postMessage(null)
  }
}
