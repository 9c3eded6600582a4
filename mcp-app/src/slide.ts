/**
 * The slide from the Worker's HTML surface, put in a shadow root so its stylesheet and the page's
 * never meet. The surface is inert already (escaped text, checked URLs, no script or handler); the
 * copy is parsed inert (DOMParser runs nothing) and trimmed once more of anything that could run,
 * load or navigate, so nothing a model wrote can act here even if a renderer slipped.
 */

/** Elements that run, embed, load or submit: never drawn. */
const DROPPED = 'script,iframe,frame,object,embed,link,meta,base,form,noscript,template,portal';

/** The wrapper's frame is the host's to draw; the slide fills the width edge to edge. */
const UNFRAMED = '.isomer.framed{border:0;border-radius:0;padding:0;background:none}';

export interface DrawnSlide {
  /** The slide's size before scaling, in CSS pixels. */
  width: number;
  height: number;
}

function inertCopy(root: ParentNode): void {
  for (const element of root.querySelectorAll(DROPPED)) element.remove();
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || lower === 'srcdoc' || lower === 'formaction') element.removeAttribute(name);
      // Only data: pictures load under the frame's CSP; any other source would only be refused.
      else if ((lower === 'src' || lower === 'srcset') && !/^data:image\//i.test(value.trim()))
        element.removeAttribute(name);
      else if (lower === 'style' && /url\s*\(/i.test(value)) element.removeAttribute(name);
    }
  }
}

/**
 * Draws the HTML surface's document into `host`'s shadow root and returns the slide's natural size.
 * `theme` pins the wrapper's scheme (`light`/`dark`).
 */
export function drawSlide(host: HTMLElement, documentHtml: string, theme: 'light' | 'dark'): DrawnSlide {
  const parsed = new DOMParser().parseFromString(documentHtml, 'text/html');
  const section = parsed.body.querySelector('section.isomer');
  if (!section) throw new Error('The result holds no slide.');
  const css = [...parsed.head.querySelectorAll('style')].map((style) => style.textContent ?? '').join('');
  inertCopy(section);
  section.setAttribute('data-theme', theme);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  // Pictures in CSS would be refused by the CSP; the surface emits none, and none get through.
  style.textContent = css.replace(/url\s*\([^)]*\)/gi, 'none') + UNFRAMED;
  const stage = document.createElement('div');
  stage.className = 'stage';
  stage.style.transformOrigin = '0 0';
  stage.style.position = 'absolute';
  stage.style.left = '0';
  stage.style.top = '0';
  stage.append(document.adoptNode(section));
  shadow.replaceChildren(style, stage);
  return { width: Math.max(1, section.scrollWidth), height: Math.max(1, section.scrollHeight) };
}

/** Scales the drawn slide to `host`'s width and gives `host` the scaled height (16:9 for a slide). */
export function fitSlide(host: HTMLElement, slide: DrawnSlide): void {
  const stage = host.shadowRoot?.querySelector<HTMLElement>('.stage');
  if (!stage) return;
  const width = host.clientWidth;
  const scale = width / slide.width;
  stage.style.width = `${slide.width}px`;
  stage.style.transform = `scale(${scale})`;
  host.style.height = `${Math.round(slide.height * scale)}px`;
}

/** Re-pins the drawn slide's scheme when the host's theme changes. */
export function setSlideTheme(host: HTMLElement, theme: 'light' | 'dark'): void {
  host.shadowRoot?.querySelector('section.isomer')?.setAttribute('data-theme', theme);
}

/** The first `a[href]` a click landed in, inside the slide's shadow root. */
export function clickedLink(event: Event): HTMLAnchorElement | undefined {
  for (const target of event.composedPath()) {
    if (target instanceof HTMLAnchorElement && target.hasAttribute('href')) return target;
  }
  return undefined;
}
