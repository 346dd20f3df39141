/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it exists, jsQR on
 * canvas frames otherwise. jsQR is part of the scanner's own chunk (not loaded on demand),
 * so the camera works offline once the page has been opened. Browser only.
 */
import jsQRDecode from "jsqr";

type Detector = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };

export interface CameraScan {
  stop(): void;
}

export async function startCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<CameraScan> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  video.muted = true;
  await video.play();
  const Native = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
  let detector: Detector | null = null;
  if (Native) {
    try {
      detector = new Native({ formats: ["qr_code"] });
    } catch {
      detector = null;
    }
  }
  const jsQR = detector ? null : jsQRDecode;
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  let running = true;
  let busy = false;
  const tick = async () => {
    if (!running || busy || video.readyState < 2) return;
    busy = true;
    try {
      if (detector) {
        const found = await detector.detect(video);
        if (found[0]?.rawValue) onText(found[0].rawValue);
      } else if (jsQR && ctx && video.videoWidth > 0) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        ctx.drawImage(video, 0, 0);
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
        if (code?.data) onText(code.data);
      }
    } catch {
      /* a frame that could not be read; the next one may */
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), 200);
  return {
    stop() {
      running = false;
      clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
