/**
 * The style nonce the server wrote into this page's `csp-nonce` meta tag for its Content-Security-Policy;
 * undefined where no server fills it (the Vite development server, tests).
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content ? content : undefined;
}

/**
 * Gives every <style> element the app's own scripts create the page's nonce. antd stamps it on its
 * styles itself (ConfigProvider `csp`), but helpers under it (scroll-bar measuring, the scroll lock of
 * dialogs, selector support checks) insert <style> elements without one. Elements made by the HTML
 * parser, as injected markup would be, do not pass here and stay blocked (docs/decisions.md).
 */
export function stampStyleNonce(nonce: string | undefined, doc: Document = document): void {
  if (!nonce) return;
  const createElement = doc.createElement;
  doc.createElement = function createElementWithNonce(
    this: Document,
    tagName: string,
    options?: ElementCreationOptions,
  ) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  } as Document['createElement'];
}
