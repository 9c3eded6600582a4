/** `npm run bench` section: the size of what an agent reads with the slides pack. */
import { measureAgentText } from '../test/support/agent-text.ts';

export async function benchAgentText(): Promise<string> {
  const m = await measureAgentText();
  return [
    '| what an agent reads | characters |',
    '| --- | --- |',
    `| tools/list (6 tools, JSON Schema inputs) | ${m.toolsList.toLocaleString('en-US')} |`,
    `| authoring guide | ${m.guide.toLocaleString('en-US')} |`,
    `| composition schema resource | ${m.schema.toLocaleString('en-US')} |`,
    `| largest one-type describe (${m.largestDescribe.type}) | ${m.largestDescribe.length.toLocaleString('en-US')} |`,
    `| smallest one-type describe (${m.smallestDescribe.type}) ` +
      `| ${m.smallestDescribe.length.toLocaleString('en-US')} |`,
  ].join('\n');
}

if (import.meta.filename === process.argv[1]) console.log(await benchAgentText());
