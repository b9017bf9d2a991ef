import * as lucide from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';
import spriteUrl from './icons.svg?url';

type IconData = { node: [tag: string, attributes: Record<string, string>][] };

const exported = Object.entries(icons) as [string, icons.LucideIcon][];
const lucideIcons = lucide as unknown as Record<string, icons.LucideIcon | undefined>;
const use = /<use href="([^"#]*)#([^"]+)"><\/use>/;

/** An icon's elements from lucide-react's own data, written as lucide-react renders them. */
async function drawing(name: string) {
  const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: IconData };
  return renderToStaticMarkup(<>{__iconData.node.map(([tag, attributes]) => createElement(tag, attributes))}</>);
}

const names = [...new Set(exported.map(([, Icon]) => use.exec(renderToStaticMarkup(<Icon />))?.[2] ?? ''))].sort();
const drawings = new Map(await Promise.all(names.map(async (name) => [name, await drawing(name)] as const)));

describe('icons', () => {
  it('has a committed sprite that is lucide-react’s drawing of exactly the icons the module exports', async () => {
    const symbols = [...drawings].map(([name, body]) => `<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`);
    await expect(`<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`).toMatchFileSnapshot(
      './icons.svg',
      'the sprite is out of date: run `npm run icons:sprite`',
    );
  });

  it('renders each icon as lucide-react renders the icon of the same name, the drawing taken from the sprite', () => {
    const propSets = [
      {},
      { className: 'size-4 text-muted-foreground', size: 16, strokeWidth: 1.5 },
      { 'aria-label': 'Balance', color: 'red' },
      { role: 'img', width: 20, 'data-slot': 'icon' },
    ];
    for (const [name, Icon] of exported) {
      const Lucide = lucideIcons[name];
      if (!Lucide) throw new Error(`lucide-react has no icon named ${name}`);
      for (const props of propSets) {
        const drawn = renderToStaticMarkup(<Icon {...props} />).replace(use, (_, url: string, symbol: string) => {
          expect(url).toBe(spriteUrl);
          return drawings.get(symbol)!;
        });
        expect(drawn, name).toBe(renderToStaticMarkup(<Lucide {...props} />));
      }
    }
  });
});
