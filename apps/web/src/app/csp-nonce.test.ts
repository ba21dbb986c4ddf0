import { describe, expect, it } from 'vitest';
import { readCspNonce, stampStyleNonce } from './csp-nonce';

function pageWithNonce(content: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head><meta name="csp-nonce" content="${content}" /></head><body></body></html>`,
    'text/html',
  );
}

describe('the page style nonce', () => {
  it('is read from the meta tag the server filled, and absent while the tag is empty', () => {
    expect(readCspNonce(pageWithNonce('AbC+/12=='))).toBe('AbC+/12==');
    expect(readCspNonce(pageWithNonce(''))).toBeUndefined();
    expect(readCspNonce(new DOMParser().parseFromString('<title>x</title>', 'text/html'))).toBeUndefined();
  });

  it('is stamped on the <style> elements scripts create, not on other elements or parsed markup', () => {
    const doc = pageWithNonce('n0nce');
    stampStyleNonce(readCspNonce(doc), doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('div').nonce).toBe('');
    const holder = doc.createElement('div');
    holder.innerHTML = '<style>body { color: red }</style>';
    expect((holder.firstChild as HTMLStyleElement).nonce).toBe('');
  });

  it('leaves element creation alone without a nonce', () => {
    const doc = pageWithNonce('');
    const createElement = doc.createElement;
    stampStyleNonce(readCspNonce(doc), doc);
    expect(doc.createElement).toBe(createElement);
  });
});
