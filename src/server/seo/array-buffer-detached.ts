// Node 20's V8 predates ArrayBuffer.prototype.detached. React's edge server build looks for it once, as it loads;
// without it the development build (a shop started without NODE_ENV=production, as `npm start` is) prints, the first
// time it writes an empty chunk, a warning that reads like a security problem. The getter answers what the built-in
// property answers: a buffer is detached when its bytes were transferred away, and then no view can be made on it.
// screen-renderer.ts imports it, so it is in place before the app's server entry (and React with it) is loaded.
if (!Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')) {
  Object.defineProperty(ArrayBuffer.prototype, 'detached', {
    configurable: true,
    get(this: ArrayBuffer): boolean {
      if (this.byteLength !== 0) return false;
      try {
        return new Uint8Array(this).length < 0;
      } catch {
        return true;
      }
    },
  });
}

export {};
