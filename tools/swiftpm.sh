# Sourced by tools/run and tools/test: `swiftpm build …` runs SwiftPM the same way whoever calls it.
#
# SwiftPM plans the build again whenever the environment differs from the last build's, even by a
# variable nothing reads (TERM, OLDPWD, a test's temporary paths). Each new plan lists Hummingbird's
# package traits (-DConfigurationSupport -DFullFoundation) in a random order, so the Hummingbird
# modules and everything above them compile again: minutes, although nothing changed. So SwiftPM
# gets a fixed environment: PATH, HOME, and only the few settings that change what it does.
#
# Each new plan also repeats SwiftPM's warnings about files that dependencies leave undeclared
# (swift-distributed-tracing's CMakeLists.txt); their authors' business, not ours, and warnings
# SwiftPM itself means not to show for dependencies. Those, and only those, are left out: a
# warning about a file of this repository still shows.

# Variables passed on when set; a caller may add its own (tools/test adds the tests' settings).
swiftpm_keep=(FOODGRAPH_LIGHT PKG_CONFIG_PATH XDG_CACHE_HOME XDG_CONFIG_HOME TMPDIR
  http_proxy https_proxy HTTP_PROXY HTTPS_PROXY no_proxy NO_PROXY)

swiftpm() {
  local keep=(PATH="$PATH" HOME="$HOME")
  local name
  for name in "${swiftpm_keep[@]}"; do
    if [ -n "${!name:-}" ]; then keep+=("$name=${!name}"); fi
  done
  env -i "${keep[@]}" swift "$@" 2>&1 | awk -v checkouts="$PWD/.build/checkouts/" '
    function release(    i) {
      if (held != "" && !only_dependencies) { print held; for (i = 1; i <= count; i++) print paths[i] }
      held = ""; count = 0
    }
    /^warning: .*: found [0-9]+ file\(s\) which are unhandled; explicitly declare them as resources or exclude from the target$/ {
      release(); held = $0; only_dependencies = 1; next
    }
    held != "" && /^    / {
      paths[++count] = $0
      path = $0; sub(/^ +/, "", path)
      if (index(path, checkouts) != 1) only_dependencies = 0
      next
    }
    { release(); print; fflush() }
    END { release() }'
}
