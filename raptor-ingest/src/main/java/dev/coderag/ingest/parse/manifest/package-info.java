/**
 * Build manifests, one chunk each: {@link dev.coderag.ingest.parse.manifest.ManifestParser} (the public entry, which
 * also says which file names are manifests) and a reader per format: TOML through jackson-dataformat-toml, JSON, XML
 * through the JDK; Gradle, setup.py, setup.cfg, CMake, requirements, Gemfile, gemspec, build.sbt, Package.swift and
 * rockspec files through small linear-time scanners. May
 * import rag-types, those libraries and the {@code parse} package's records and text primitives.
 */
package dev.coderag.ingest.parse.manifest;
