/**
 * Stored images over HTTP: what a chat bot pays for `POST /images/png` when the image is new (a
 * render and an R2 write) against when it is already stored (a key lookup, no render), and for the
 * public `GET /images/{key}.png` a chat client makes. Sequential requests, so each is one request's
 * own latency, not queueing.
 */
const SAMPLES = 9;

export interface HostedRow {
  name: string;
  medianMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(request: () => Promise<Response>): Promise<{ ms: number; response: Response }> {
  const start = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`bench: stored image request answered ${response.status}`);
  return { ms: performance.now() - start, response };
}

export async function benchHosted(url: string, composition: Record<string, unknown>): Promise<HostedRow[]> {
  const post = (body: unknown) =>
    fetch(`${url}/images/png?scale=0.6667`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // One untimed render first: the isolate's first image pays for the engine once.
  await (await post({ ...composition, title: 'warm-up' })).arrayBuffer();
  const fresh: number[] = [];
  for (let i = 0; i < SAMPLES; i++) fresh.push((await timed(() => post({ ...composition, title: `fresh ${i}` }))).ms);
  const stored = await post(composition);
  const { url: imageUrl } = (await stored.json()) as { url: string };
  const cached: number[] = [];
  for (let i = 0; i < SAMPLES; i++) cached.push((await timed(() => post(composition))).ms);
  const served: number[] = [];
  for (let i = 0; i < SAMPLES; i++) served.push((await timed(() => fetch(imageUrl))).ms);
  return [
    { name: 'POST /images/png, a new image (render + R2 write)', medianMs: median(fresh) },
    { name: 'POST /images/png, already stored (no render)', medianMs: median(cached) },
    { name: 'GET /images/{key}.png (public, what Slack fetches)', medianMs: median(served) },
  ];
}

export function printHosted(rows: HostedRow[]): void {
  console.log(`\n## Stored images (wrangler dev, local R2, 1280×720 PNG, sequential, median of ${SAMPLES})\n`);
  console.log('| request | median |\n| --- | --- |');
  for (const row of rows) console.log(`| ${row.name} | ${row.medianMs.toFixed(1)} ms |`);
  const [fresh, cached] = rows;
  if (fresh && cached)
    console.log(`\nA stored image answers in ${(cached.medianMs / fresh.medianMs).toFixed(2)}× a new render's time.`);
}
