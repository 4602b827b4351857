"""The ``tinyroute`` command: fetch URLs and list a server's routes."""

import argparse
import json
import sys

from .retry import RetryPolicy, fetch_with_retry


def build_parser():
    """Build the argument parser with the ``fetch`` and ``routes`` sub-commands."""
    parser = argparse.ArgumentParser(prog="tinyroute")
    commands = parser.add_subparsers(dest="command", required=True)
    fetch = commands.add_parser("fetch", help="fetch a URL with retries")
    fetch.add_argument("url")
    fetch.add_argument("--retries", type=int, default=3)
    routes = commands.add_parser("routes", help="list the routes of a server")
    routes.add_argument("base_url")
    return parser


def cmd_fetch(args, out=sys.stdout):
    """Fetch ``args.url`` and write the body to ``out``."""
    policy = RetryPolicy(max_attempts=args.retries)
    body = fetch_with_retry(args.url, policy)
    out.write(body.decode("utf-8", errors="replace"))
    return 0


def cmd_routes(args, out=sys.stdout):
    """Print the route table served at ``<base_url>/routes``, one route per line."""
    body = fetch_with_retry(args.base_url.rstrip("/") + "/routes")
    for route in json.loads(body):
        out.write(f"{route['method']:6} {route['pattern']}\n")
    return 0


def main(argv=None):
    """Entry point of the ``tinyroute`` script; returns the exit code."""
    args = build_parser().parse_args(argv)
    if args.command == "fetch":
        return cmd_fetch(args)
    return cmd_routes(args)


if __name__ == "__main__":
    sys.exit(main())
