import { useSubmit } from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { ACTIVITY_THROTTLE_MS, IDLE_TIMEOUT_MS, sessionMachine } from '~/machines/session.machine';

export interface SessionTimerProps {
  /** POST here ends the session; it redirects to the login of the user's type (/admin/super/login for the super admin, /admin/login for everyone else). */
  logoutPath?: string;
  /** POST here tells the server the user is still active. */
  activityPath?: string;
  idleTimeoutMs?: number;
  activityThrottleMs?: number;
  now?: () => number;
}

const USER_INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * Ends an idle session in the browser (session machine). Rendered through `SessionTimeout`, which
 * loads it after hydration; it renders nothing.
 */
export function SessionTimer({
  logoutPath = '/logout',
  activityPath = '/resources/activity',
  idleTimeoutMs = IDLE_TIMEOUT_MS,
  activityThrottleMs = ACTIVITY_THROTTLE_MS,
  now = Date.now,
}: SessionTimerProps) {
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  const actorRef = useActorRef(
    sessionMachine.provide({
      actions: {
        logout: () => submit({ reason: 'idle', csrf }, { method: 'post', action: logoutPath, replace: true }),
        // A plain request rather than a fetcher: a fetcher's action would revalidate every
        // loader on the page once a minute while the user works.
        recordActivity: () => {
          fetch(activityPath, {
            method: 'POST',
            credentials: 'same-origin',
            keepalive: true,
            body: new URLSearchParams({ csrf }),
          }).catch(() => {
            // A lost ping only means the server sees the activity at the next one.
          });
        },
      },
    }),
    { input: { lastActivity: now(), idleTimeoutMs, activityThrottleMs } },
  );
  const expired = useSelector(actorRef, (snapshot) => snapshot.status === 'done');
  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  }, [now]);

  useEffect(() => {
    if (expired) return;
    const onInput = () => actorRef.send({ type: 'activity', at: nowRef.current() });
    const onVisibilityChange = () =>
      actorRef.send({
        type: document.visibilityState === 'visible' ? 'visibility.visible' : 'visibility.hidden',
        at: nowRef.current(),
      });
    // Capture, so scrolling inside any scrollable element counts too.
    const listenerOptions = { capture: true, passive: true };
    for (const type of USER_INPUT_EVENTS) window.addEventListener(type, onInput, listenerOptions);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      for (const type of USER_INPUT_EVENTS) window.removeEventListener(type, onInput, listenerOptions);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [actorRef, expired]);

  return null;
}
