import type { FastifyInstance } from 'fastify';

/**
 * Browser features the web app never uses are switched off for it and anything it embeds
 * (Permissions-Policy). Nothing here needs the camera, microphone, location, sensors, USB, payment
 * handlers or ad-topic APIs: checkout happens on Stripe's own pages.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** One year, with subdomains: the usual HSTS policy once a site is https only. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every answer besides helmet's: Permissions-Policy always, and Strict-Transport-Security
 * only on answers to requests that came over https (directly, or through a trusted proxy's
 * X-Forwarded-Proto): over plain http the header means nothing, and a local http set-up must never
 * be told to insist on https.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}
