import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { hydratedPartsArrived } from '~/components/lazy-component';

/**
 * The events for which React hydrates the page synchronously when they reach a page it has not
 * hydrated yet (React 18's discrete replayable events).
 */
const SYNC_HYDRATING_EVENTS = [
  'mousedown',
  'mouseup',
  'touchcancel',
  'touchend',
  'touchstart',
  'auxclick',
  'dblclick',
  'pointercancel',
  'pointerdown',
  'pointerup',
  'dragend',
  'dragstart',
  'drop',
  'compositionend',
  'compositionstart',
  'keydown',
  'keypress',
  'keyup',
  'input',
  'textInput',
  'copy',
  'cut',
  'paste',
  'click',
  'change',
  'contextmenu',
  'reset',
  'submit',
];

/**
 * How long hydration waits for the modules of the page's parts hydrated when they arrive: a
 * network that slow gets the page working without them, and such a part may then be rendered
 * again on the client.
 */
const PARTS_WAIT_MS = 10_000;

interface RemixContext {
  state?: unknown;
}

/**
 * Until the loader data streamed after the HTML is decoded, those events do only what the browser
 * does with them (a link opens, a form posts, a key types) and never reach React. `RemixBrowser`
 * suspends, outside any Suspense boundary, until that data is there; an event that made React
 * hydrate synchronously in that moment met the suspension and React gave up the root for good
 * (error 345): the page stayed server HTML, its shortcuts and menus dead. Once the data is there,
 * React hydrates on such an event and then handles it.
 */
function holdEventsUntilDataDecoded() {
  const hold = (event: Event) => event.stopImmediatePropagation();
  for (const type of SYNC_HYDRATING_EVENTS) window.addEventListener(type, hold, true);
  const release = () => {
    for (const type of SYNC_HYDRATING_EVENTS) window.removeEventListener(type, hold, true);
  };
  const context = (window as unknown as { __remixContext: RemixContext }).__remixContext;
  if (context.state !== undefined) return release();
  // RemixBrowser sets the decoded data here, in the same task that lets its render go on.
  let state: unknown;
  Object.defineProperty(context, 'state', {
    configurable: true,
    enumerable: true,
    get: () => state,
    set: (value: unknown) => {
      state = value;
      release();
    },
  });
}

function hydrate() {
  holdEventsUntilDataDecoded();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// A part left dehydrated under a hydrated page gives up its server HTML to the first update that
// reaches it before its code does (see `hydratedWhenLoaded`): the page hydrates with its parts.
void Promise.race([hydratedPartsArrived(), new Promise((resolve) => setTimeout(resolve, PARTS_WAIT_MS))]).then(hydrate);
