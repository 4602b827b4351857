#!/usr/bin/env perl
# Tags a release of every part: perl has no grammar here, so this file is skipped as unsupported.
my $version = shift or die "usage: release.pl VERSION\n";
system("git", "tag", "v$version") == 0 or die "tagging failed\n";
