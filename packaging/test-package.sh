#!/usr/bin/env bash
# Makes the Debian packages of a built build folder with CPack and checks them the way a
# distribution would take them:
#   1. cpack -G DEB writes one .deb per component (commcanary-workbench, commcanary-capture);
#   2. lintian reports no error and no warning on any of them (info and pedantic tags are
#      printed; an override needs a stated reason and would live in the package);
#   3. each package's control fields: only commcanary-capture depends on libtorch, and it
#      depends on the commcanary-workbench of the same version;
#   4. every file `cmake --install` puts in place is in one of the packages (no install rule
#      outside the packaged components);
#   5. the packages are extracted with dpkg-deb -x into a scratch root and run from there:
#      commcanary --version, validate and hash of every bundled example, the workbench's
#      --version (offscreen), and `commcanary doctor` finding the extracted capture worker;
#   6. the desktop entry's icon and MIME type are installed, the MIME XML compiles
#      (update-mime-database, when present), and commcanary(1) names every command and option
#      that `commcanary ... --help` lists.
#
#   packaging/test-package.sh BUILD [OUT]
#     BUILD  a configured and built build folder (e.g. build/release)
#     OUT    where the .deb files are left (default: BUILD/packages)
# Exit status: 0 every check passed, 1 a check failed, 2 usage error, 77 a tool it needs
# (cpack, lintian, dpkg-deb, dpkg-shlibdeps) is missing: skipped.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 || "$1" == -h || "$1" == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
  exit 2
fi
build=$(cd "$1" && pwd)
out=${2:-$build/packages}
if [[ ! -f "$build/CPackConfig.cmake" ]]; then
  echo "test-package: $build has no CPackConfig.cmake (not a configured build folder)" >&2
  exit 2
fi

cpack_cmd=$(sed -n 's/^CMAKE_CPACK_COMMAND:INTERNAL=//p' "$build/CMakeCache.txt")
cmake_cmd=$(sed -n 's/^CMAKE_COMMAND:INTERNAL=//p' "$build/CMakeCache.txt")
for tool in "${cpack_cmd:-cpack}" lintian dpkg-deb dpkg-shlibdeps; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "test-package: SKIP: $tool is not installed (Debian: apt-get install cmake lintian dpkg-dev)"
    exit 77
  fi
done

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
pass() {
  echo "ok: $*"
}
indent() {
  sed 's/^/  /'
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# 1. The packages.
mkdir -p "$out"
rm -f "$out"/commcanary-*.deb
echo "== cpack -G DEB ($build -> $out)"
if ! "${cpack_cmd:-cpack}" -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$scratch/cpack.log" 2>&1; then
  cat "$scratch/cpack.log"
  echo "FAIL: cpack"
  exit 1
fi
rm -rf "$out/_CPack_Packages"
shopt -s nullglob
debs=("$out"/commcanary-*.deb)
shopt -u nullglob
if ((${#debs[@]} == 0)); then
  cat "$scratch/cpack.log"
  echo "FAIL: cpack wrote no .deb"
  exit 1
fi
for deb in "${debs[@]}"; do
  printf '%s  %s bytes\n' "$(basename "$deb")" "$(stat -c %s "$deb")"
done

# 2. lintian, once for all packages (its start-up is most of its time; --allow-root only quiets
# its warning about being run as root).
lintian_args=(--display-info --pedantic --fail-on "error,warning")
if [[ $(id -u) -eq 0 ]]; then
  lintian_args+=(--allow-root)
fi
echo "== lintian ${lintian_args[*]}"
rc=0
lintian "${lintian_args[@]}" "${debs[@]}" >"$scratch/lintian.log" 2>&1 || rc=$?
cat "$scratch/lintian.log"
if ((rc != 0)); then
  fail "lintian reports errors or warnings"
else
  pass "lintian: no error, no warning on ${#debs[@]} package(s) ($(grep -c '^[IP]: ' "$scratch/lintian.log" || true) info/pedantic tags)"
fi

# 3. Control fields.
workbench_deb="" capture_deb=""
for deb in "${debs[@]}"; do
  case "$(dpkg-deb -f "$deb" Package)" in
    commcanary-workbench) workbench_deb=$deb ;;
    commcanary-capture) capture_deb=$deb ;;
    *) fail "unexpected package $(basename "$deb")" ;;
  esac
done
if [[ -z "$workbench_deb" ]]; then
  fail "no commcanary-workbench package"
  exit 1
fi
version=$(dpkg-deb -f "$workbench_deb" Version)
if dpkg-deb -f "$workbench_deb" Depends | grep -q libtorch; then
  fail "commcanary-workbench depends on libtorch: $(dpkg-deb -f "$workbench_deb" Depends)"
else
  pass "commcanary-workbench does not depend on libtorch"
fi
if [[ -n "$capture_deb" ]]; then
  depends=$(dpkg-deb -f "$capture_deb" Depends)
  if [[ "$depends" == *"commcanary-workbench (= $version)"* && "$depends" == *libtorch* ]]; then
    pass "commcanary-capture depends on libtorch and commcanary-workbench (= $version)"
  else
    fail "commcanary-capture's Depends: $depends"
  fi
fi

# 4. Every installed file is packaged.
root="$scratch/root"
mkdir -p "$root"
for deb in "${debs[@]}"; do
  dpkg-deb -x "$deb" "$root"
done
"$cmake_cmd" --install "$build" --prefix "$scratch/all/usr" >/dev/null
(cd "$scratch/all" && find . ! -type d | sort) >"$scratch/installed.txt"
(cd "$root" && find . ! -type d | sort) >"$scratch/packaged.txt"
missing=$(comm -23 "$scratch/installed.txt" "$scratch/packaged.txt")
if [[ -n "$missing" ]]; then
  fail "installed but in no package (an install() rule without a packaged COMPONENT):"
  indent <<<"$missing"
else
  pass "every installed file is in a package ($(wc -l <"$scratch/installed.txt") files)"
fi

# 5. The extracted programs.
cli="$root/usr/bin/commcanary"
unset COMMCANARY_CAPTURE_WORKER
if [[ "$("$cli" --version)" == "commcanary $version" ]]; then
  pass "commcanary --version: commcanary $version"
else
  fail "commcanary --version printed \"$("$cli" --version)\", expected \"commcanary $version\""
fi
shopt -s nullglob
examples=("$root"/usr/share/commcanary/examples/*.trace.json)
shopt -u nullglob
if ((${#examples[@]} == 0)); then
  fail "no bundled example in usr/share/commcanary/examples"
fi
for example in "${examples[@]}"; do
  if summary=$("$cli" validate "$example" 2>&1) && identity=$("$cli" hash "$example" 2>&1); then
    pass "validate + hash $(basename "$example"): ${identity:0:16}…"
  else
    fail "commcanary validate/hash $(basename "$example"): $summary $identity"
  fi
done
if [[ -x "$root/usr/bin/commcanary-workbench" ]]; then
  if gui=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/commcanary-workbench" --version 2>/dev/null) &&
    [[ "$gui" == *"$version"* ]]; then
    pass "commcanary-workbench --version: $gui"
  else
    fail "commcanary-workbench --version: $gui"
  fi
fi
if [[ -n "$capture_deb" ]]; then
  worker="$root/usr/libexec/commcanary/commcanary-capture-worker"
  doctor=$("$cli" doctor 2>&1 || true)
  if [[ "$doctor" == *"$worker"* ]]; then
    pass "commcanary doctor finds the packaged worker"
  else
    fail "commcanary doctor does not report $worker:"
    indent <<<"$doctor"
  fi
fi

# 6. Desktop integration and the manual page.
desktop="$root/usr/share/applications/commcanary-workbench.desktop"
if [[ -f "$desktop" ]]; then
  icon=$(sed -n 's/^Icon=//p' "$desktop")
  if [[ -f "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" ]]; then
    pass "desktop entry icon $icon is installed"
  else
    fail "desktop entry names Icon=$icon, which is not installed"
  fi
  for type in $(sed -n 's/^MimeType=//p' "$desktop" | tr ';' ' '); do
    if grep -qs "mime-type type=\"$type\"" "$root"/usr/share/mime/packages/*.xml; then
      pass "MIME type $type is defined by the package"
    else
      fail "desktop entry claims MimeType $type, which no installed MIME package defines"
    fi
  done
  if command -v update-mime-database >/dev/null 2>&1; then
    cp -r "$root/usr/share/mime" "$scratch/mime"
    if update-mime-database "$scratch/mime" >"$scratch/mime.log" 2>&1 &&
      [[ -f "$scratch/mime/application/x-commcanary+json.xml" ]]; then
      pass "update-mime-database compiles the MIME package"
    else
      cat "$scratch/mime.log"
      fail "update-mime-database rejects the MIME package"
    fi
  fi
fi
page="$root/usr/share/man/man1/commcanary.1.gz"
if [[ -f "$page" ]]; then
  text=$(gzip -dc "$page" | sed 's/\\-/-/g')
  verbs=$("$cli" --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
  undocumented=()
  for verb in $verbs; do
    if ! grep -Eq "^(\\\\fB|\.B[IR]? +\"?)$verb(\\\\fR| |\"|$)" <<<"$text"; then
      undocumented+=("$verb")
    fi
    helps=("$verb")
    if [[ "$verb" == capture ]]; then
      helps+=("capture sweep" "capture calibrate" "capture interconnects")
    fi
    for help in "${helps[@]}"; do
      # shellcheck disable=SC2086 # $help is one or two words on purpose
      for option in $("$cli" $help --help | sed -nE 's/^  (-[a-z], )?--([a-z0-9-]+).*/\2/p'); do
        if [[ "$option" != help ]] && ! grep -q -- "--$option" <<<"$text"; then
          undocumented+=("$help --$option")
        fi
      done
    done
  done
  if ((${#undocumented[@]} == 0)); then
    pass "commcanary(1) names every command and option of commcanary --help"
  else
    fail "commcanary(1) does not name: ${undocumented[*]}"
  fi
else
  fail "commcanary(1) is not installed as usr/share/man/man1/commcanary.1.gz"
fi
page="$root/usr/share/man/man1/commcanary-workbench.1.gz"
if [[ -x "$root/usr/bin/commcanary-workbench" ]]; then
  if [[ -f "$page" ]]; then
    text=$(gzip -dc "$page" | sed 's/\\-/-/g')
    undocumented=()
    for option in $(QT_QPA_PLATFORM=offscreen "$root/usr/bin/commcanary-workbench" --help 2>/dev/null |
      sed -nE 's/^  (-[a-z], )?--([a-z0-9-]+).*/\2/p'); do
      if ! grep -q -- "--$option" <<<"$text"; then
        undocumented+=("--$option")
      fi
    done
    if ((${#undocumented[@]} == 0)); then
      pass "commcanary-workbench(1) names every option of commcanary-workbench --help"
    else
      fail "commcanary-workbench(1) does not name: ${undocumented[*]}"
    fi
  else
    fail "commcanary-workbench(1) is not installed as usr/share/man/man1/commcanary-workbench.1.gz"
  fi
fi

if ((failures > 0)); then
  echo "test-package: $failures check(s) failed"
  exit 1
fi
echo "test-package: all checks passed; packages in $out"
