#!/usr/bin/env ruby
# Tags a release of every part: ruby has no grammar here, so this file is skipped as unsupported.
version = ARGV.fetch(0)
system("git", "tag", "v#{version}") or abort("tagging failed")
