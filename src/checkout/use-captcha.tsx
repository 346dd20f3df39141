/**
 * The checkout's captcha, solved unseen: a challenge is fetched and solved in the
 * background as soon as the checkout opens, kept fresh until it is about to expire, and
 * replaced by a new one as soon as it is used (each solution is accepted once). Its state
 * lives in the page's hidden captcha container, so the visitor notices nothing.
 */
import type React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { BasketClient } from "../clients/basket-client";
import { msUntilRefresh, solve } from "./captcha";

type CaptchaState = "solving" | "ready" | "failed";

export const CAPTCHA_CONTAINER_ID = "captcha-container";

/** After a failed fetch or solve, try again after this long (the submit also retries). */
const RETRY_MS = 5_000;

export interface UseCaptcha {
  /** a solution never sent before; waits for the one being solved */
  take(): Promise<string>;
  /**
   * Starts solving the next challenge, after an order attempt failed. Not at once in take():
   * fetched while the order is being made, it would be sent with the session the order replaces
   * and refused (409 session_replaced).
   */
  renew(): void;
  /** rendered anywhere: it lands in the hidden captcha container */
  element: React.ReactNode;
}

export function useCaptcha(client: BasketClient): UseCaptcha {
  const [state, setState] = useState<CaptchaState>("solving");
  const current = useRef<Promise<string> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [container, setContainer] = useState<HTMLElement | null>(null);

  const start = useCallback((): Promise<string> => {
    abort.current?.abort();
    window.clearTimeout(timer.current);
    const controller = new AbortController();
    abort.current = controller;
    setState("solving");
    const solving = client
      .getCaptcha()
      .then(async (challenge) => {
        const payload = await solve(challenge, controller.signal);
        if (!controller.signal.aborted) {
          setState("ready");
          const wait = msUntilRefresh(challenge.salt, Date.now());
          if (wait !== null) timer.current = window.setTimeout(() => void start().catch(() => undefined), wait);
        }
        return payload;
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setState("failed");
          current.current = null;
          timer.current = window.setTimeout(() => void start().catch(() => undefined), RETRY_MS);
        }
        throw error;
      });
    current.current = solving;
    return solving;
  }, [client]);

  useEffect(() => {
    setContainer(document.getElementById(CAPTCHA_CONTAINER_ID));
    start().catch(() => undefined);
    return () => {
      abort.current?.abort();
      window.clearTimeout(timer.current);
    };
  }, [start]);

  const take = useCallback(async (): Promise<string> => {
    let payload: string;
    try {
      payload = await (current.current ?? start());
    } catch {
      // the background attempt failed (server briefly away): one more, now that it is needed
      payload = await start();
    }
    // used once: the next order attempt gets a fresh one through renew(), once this one's answer is in
    current.current = null;
    return payload;
  }, [start]);

  const renew = useCallback((): void => {
    start().catch(() => undefined);
  }, [start]);

  const field = <input type="hidden" name="altcha" data-testid="captcha" data-state={state} value={state} readOnly />;
  return { take, renew, element: container ? createPortal(field, container) : null };
}
