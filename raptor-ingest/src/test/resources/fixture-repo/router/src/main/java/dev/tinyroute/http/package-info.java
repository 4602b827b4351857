/**
 * HTTP primitives for tinyroute: header parsing and path routing.
 *
 * <p>Everything in this package is free of dependencies and thread-safe once constructed.
 */
package dev.tinyroute.http;
