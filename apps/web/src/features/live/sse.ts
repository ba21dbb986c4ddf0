/**
 * An incremental reader of a server-sent event stream (text/event-stream): feed it decoded text as it
 * arrives; it calls `onData` with the joined `data:` lines of each complete event. Comment lines
 * (`: ping`) and other fields (`event:`, `id:`, `retry:`) are ignored.
 */
export function createSseParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : text.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
  };
  return (chunk) => {
    buffer += chunk;
    let end = buffer.search(/\r\n|\r|\n/);
    while (end !== -1) {
      const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
      // A lone \r at the end may be the first half of \r\n: wait for more text.
      if (buffer[end] === '\r' && breakLength === 1 && end === buffer.length - 1) break;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + breakLength);
      end = buffer.search(/\r\n|\r|\n/);
    }
  };
}

/** Reads a byte stream of server-sent events to its end, calling `onData` per event. */
export async function readSseStream(stream: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const push = createSseParser(onData);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      push(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
