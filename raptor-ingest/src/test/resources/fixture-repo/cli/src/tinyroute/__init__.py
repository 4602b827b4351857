"""tinyroute command-line client.

Fetches URLs from tinyroute servers with retries (see :mod:`tinyroute.retry`)
and prints the route table of a running server.
"""

__version__ = "0.3.0"
