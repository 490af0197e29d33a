// The floor of `npm run bench:workshop` (scripts/bench-workshop.ts): a bare `ws` server that does only what a room
// must at least do for the measured frames. A client's `{"type":"hello"…}` gets `{"type":"welcome"}`; a message
// `{"floor":"<frame>"}` sends <frame> to every other client, its bytes made once. Nothing is stored, decided or
// counted: what the workshop server takes beyond this floor is its own. Prints {"port":…,"pid":…} once listening.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/ws' });
wss.on('listening', () => {
  const address = wss.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' ? address.port : 0, pid: process.pid })}\n`,
  );
});
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    const text = data.toString('utf8');
    if (text.startsWith('{"floor":')) {
      const frame = Buffer.from(JSON.parse(text).floor, 'utf8');
      for (const client of wss.clients)
        if (client !== ws && client.readyState === 1) client.send(frame, { binary: false });
    } else if (text.startsWith('{"type":"hello"')) ws.send('{"type":"welcome"}');
  });
});
