import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream } from './sse';

describe('server-sent events reader', () => {
  it('joins data lines per event and skips comments and other fields', () => {
    const events: string[] = [];
    const push = createSseParser((data) => events.push(data));
    push(': ping\n\n');
    push('event: live\ndata: {"a":');
    push('1}\n\ndata: one\r\ndata:two\r\n');
    expect(events).toEqual(['{"a":1}']);
    push('\r\n');
    expect(events).toEqual(['{"a":1}', 'one\ntwo']);
  });

  it('reads a byte stream split anywhere, even inside a character', async () => {
    const bytes = new TextEncoder().encode('data: {"name":"Flur Süd"}\n\ndata: 2\n\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events: string[] = [];
    await readSseStream(stream, (data) => events.push(data));
    expect(events).toEqual(['{"name":"Flur Süd"}', '2']);
  });
});
