# shellcheck shell=sh
# Finds a Java >= 21 for ./rag, ./mvnw and .ci/run (POSIX sh; sourced, not run).
#
#   . .mvn/find-jdk.sh && rag_find_jdk [javac]
#
# Sets and exports JAVA_HOME, or prints a one-line reason on stderr and returns 1. Looks, in order, at
# JAVA_HOME, the JDKs under /usr/lib/jvm (Debian/Ubuntu, newest first), macOS's /usr/libexec/java_home,
# then the java on PATH. With "javac" it only accepts full JDKs (Maven compiles); without, a JRE does.
# Many machines have an older default java (17 here), so an old JAVA_HOME is passed over with a note
# rather than obeyed into a failing build.

RAG_MIN_JAVA=21

# Prints the feature version (17, 21, 25…) of the Java in home $1, or nothing if there is none there.
rag_java_major() {
  _rag_v=
  if [ -f "$1/release" ]; then
    _rag_v=$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$1/release")
  fi
  if [ -z "$_rag_v" ] && [ -x "$1/bin/java" ]; then
    _rag_v=$("$1/bin/java" -version 2>&1 | sed -n '1s/.*version "\([^"]*\)".*/\1/p')
  fi
  case $_rag_v in 1.*) _rag_v=${_rag_v#1.} ;; esac
  printf '%s\n' "${_rag_v%%[!0-9]*}"
}

# True when $1 is a Java home that can run (and with $2=javac, build) coderag.
rag_java_ok() {
  [ -n "$1" ] && [ -x "$1/bin/java" ] || return 1
  [ "${2-}" != javac ] || [ -x "$1/bin/javac" ] || return 1
  _rag_m=$(rag_java_major "$1")
  [ -n "$_rag_m" ] && [ "$_rag_m" -ge "$RAG_MIN_JAVA" ]
}

rag_find_jdk() {
  _rag_need=${1-}
  if rag_java_ok "${JAVA_HOME-}" "$_rag_need"; then
    export JAVA_HOME
    return 0
  fi
  _rag_old=${JAVA_HOME-}
  _rag_found=
  # mvnw runs with `set -f`; the /usr/lib/jvm glob needs globbing for a moment.
  case $- in *f*) _rag_noglob=1 ;; *) _rag_noglob= ;; esac
  set +f
  _rag_best=0
  for _rag_j in "${RAG_JVM_DIRS-/usr/lib/jvm}"/*; do
    if rag_java_ok "$_rag_j" "$_rag_need"; then
      _rag_m=$(rag_java_major "$_rag_j")
      if [ "$_rag_m" -gt "$_rag_best" ]; then
        _rag_best=$_rag_m
        _rag_found=$_rag_j
      fi
    fi
  done
  [ -z "$_rag_noglob" ] || set -f
  if [ -z "$_rag_found" ] && [ -z "${RAG_JVM_DIRS-}" ] && [ -x /usr/libexec/java_home ]; then
    _rag_j=$(/usr/libexec/java_home -v "$RAG_MIN_JAVA+" 2>/dev/null) || _rag_j=
    if rag_java_ok "$_rag_j" "$_rag_need"; then _rag_found=$_rag_j; fi
  fi
  if [ -z "$_rag_found" ] && command -v java >/dev/null 2>&1; then
    _rag_j=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.home = //p')
    if rag_java_ok "$_rag_j" "$_rag_need"; then _rag_found=$_rag_j; fi
  fi
  if [ -z "$_rag_found" ]; then
    _rag_what="Java $RAG_MIN_JAVA or newer"
    [ "$_rag_need" != javac ] || _rag_what="a JDK $RAG_MIN_JAVA or newer"
    echo "coderag needs $_rag_what and found none (looked at JAVA_HOME, ${RAG_JVM_DIRS-/usr/lib/jvm}, java_home and the java on PATH). Install one (e.g. Eclipse Temurin 21) and set JAVA_HOME to it." >&2
    return 1
  fi
  if [ -n "$_rag_old" ]; then
    echo "coderag: JAVA_HOME=$_rag_old is not a JDK $RAG_MIN_JAVA+; using $_rag_found instead." >&2
  fi
  JAVA_HOME=$_rag_found
  export JAVA_HOME
}
