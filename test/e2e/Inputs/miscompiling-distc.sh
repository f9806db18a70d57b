#!/bin/sh
# Stands in for distc in dist-differential-tester.test: compiles with
# $REAL_DISTC, but wrongly on purpose. At -O2 the program prints 42 first
# (a miscompile: one print more, the same at any rank count); at -O3 the
# executable never ends when it is run without arguments, with its default
# parameters (a hang for the tester's time limit). Other levels compile as
# they are.
level= out= prev=
for a in "$@"; do
  case $a in -O*) level=$a ;; esac
  [ "$prev" = -o ] && out=$a
  case $a in *.mlir) src=$a ;; esac
  prev=$a
done
case $level in
  -O2)
    sed '/^func.func @main() {$/a\
  %wrong = arith.constant 42.0 : f64\
  dist.print %wrong : f64' "$src" > "$out.wrong.mlir" &&
      exec "$REAL_DISTC" -O2 "$out.wrong.mlir" -o "$out" ;;
  -O3)
    # Compiled as it is, but run without arguments it never ends.
    "$REAL_DISTC" -O3 "$src" -o "$out.real" &&
      printf '#!/bin/sh\n[ $# -gt 0 ] && exec "%s" "$@"\nwhile :; do sleep 1; done\n' \
        "$out.real" > "$out" && chmod +x "$out" ;;
  *)
    exec "$REAL_DISTC" "$@" ;;
esac
